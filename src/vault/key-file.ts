import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { KID_PATTERN } from '../crypto/ev.js';

/**
 * The private halves of the card-data keys, as a JSON file: ENCRYPTION_KEYS_FILE in production (provisioned
 * by operators, read only), DATA_DIR/encryption-keys.json in the sandbox (generated, grown by rotation).
 */
export const KEY_FILE_FORMAT = 'platform-encryption-keys/v1';

export interface KeyFileEntry {
  kid: string;
  /** The private scalar, 32 bytes base64url. */
  d: string;
  x: string;
  y: string;
  created_at: string;
}

export interface KeyFile {
  format: typeof KEY_FILE_FORMAT;
  environment: 'sandbox' | 'production';
  /** Which set of keys this is; the database keeps the states of each ring apart. */
  ring: string;
  keys: KeyFileEntry[];
}

export class KeyFileError extends Error {}

/** A kid names its environment, so a sandbox value is recognisable (and refused) in production. */
export const kidPrefix = (env: 'sandbox' | 'production') => (env === 'production' ? 'live_' : 'sbx_');

export function generateKeyEntry(env: 'sandbox' | 'production', now: Date): KeyFileEntry {
  const ecdh = createECDH('prime256v1');
  const point = ecdh.generateKeys();
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return {
    kid: `${kidPrefix(env)}${day}_${randomBytes(4).toString('hex')}`,
    d: ecdh.getPrivateKey().toString('base64url'),
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
    created_at: now.toISOString(),
  };
}

export function newKeyFile(env: 'sandbox' | 'production', now: Date): KeyFile {
  return {
    format: KEY_FILE_FORMAT,
    environment: env,
    ring: `${env}_${randomBytes(6).toString('hex')}`,
    keys: [generateKeyEntry(env, now)],
  };
}

/** Reads and checks a key file: every private key must match its public half and its environment's prefix. */
export function readKeyFile(path: string): KeyFile {
  let parsed: KeyFile;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as KeyFile;
  } catch (err) {
    // Never the file's content in the message: it holds private keys.
    throw new KeyFileError(
      `encryption key file ${path} is not readable JSON (${(err as NodeJS.ErrnoException).code ?? 'parse error'})`,
    );
  }
  if (parsed?.format !== KEY_FILE_FORMAT)
    throw new KeyFileError(`encryption key file ${path}: format must be ${KEY_FILE_FORMAT as string}`);
  if (parsed.environment !== 'sandbox' && parsed.environment !== 'production')
    throw new KeyFileError(`encryption key file ${path}: environment must be sandbox or production`);
  if (typeof parsed.ring !== 'string' || !/^[a-z0-9_]{3,64}$/.test(parsed.ring))
    throw new KeyFileError(`encryption key file ${path}: ring must match [a-z0-9_]{3,64}`);
  if (!Array.isArray(parsed.keys) || parsed.keys.length === 0)
    throw new KeyFileError(`encryption key file ${path}: no keys`);
  for (const k of parsed.keys) {
    if (!KID_PATTERN.test(k.kid ?? '') || !k.kid.startsWith(kidPrefix(parsed.environment))) {
      throw new KeyFileError(
        `encryption key file ${path}: kid ${String(k.kid)} must match [a-z0-9_]{3,32} and start with ${kidPrefix(parsed.environment)}`,
      );
    }
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(k.d, 'base64url'));
      const point = ecdh.getPublicKey();
      if (point.subarray(1, 33).toString('base64url') !== k.x || point.subarray(33).toString('base64url') !== k.y)
        throw new Error('mismatch');
    } catch {
      throw new KeyFileError(`encryption key file ${path}: key ${k.kid} is not a valid P-256 key pair`);
    }
    if (Number.isNaN(Date.parse(k.created_at)))
      throw new KeyFileError(`encryption key file ${path}: key ${k.kid} has no valid created_at`);
  }
  return parsed;
}

export function writeKeyFile(path: string, file: KeyFile): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

/** The sandbox's file: generated on first start, reused after. */
export function ensureKeyFile(path: string, env: 'sandbox' | 'production', now: Date): KeyFile {
  if (existsSync(path)) return readKeyFile(path);
  const file = newKeyFile(env, now);
  writeKeyFile(path, file);
  return file;
}

import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';
import { generateApiKey } from '../http/api-keys.js';
import { must } from '../kernel/must.js';

export interface Secrets {
  platformAdminKey: string;
  /** Also the root of the keys that sign links (download URLs, dashboard tokens): see deriveKey. */
  jwtSecret: string;
  /** Seals provider credentials at rest (providers.md R1.4); absent (tests), a key derived from jwtSecret. */
  providerCredentialsKey?: string;
}

interface StoredSecrets {
  platform_admin_key: string;
  jwt_secret: string;
  provider_credentials_key?: string;
}

/** Writes a file atomically (temp then rename), readable by the owner only. */
export function writeFileAtomic(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  renameSync(tmp, path);
}

/**
 * Secrets in force: configured values win; in the sandbox, missing ones are generated once and kept in
 * DATA_DIR/secrets.json so restarts keep keys and tokens valid. (Production refuses to start without them.)
 */
export function resolveSecrets(config: Config): Secrets {
  let stored: Partial<StoredSecrets> = {};
  const file = join(config.dataDir, 'secrets.json');
  if (!config.platformAdminKey || !config.jwtSecret || !config.providerCredentialsKey) {
    mkdirSync(config.dataDir, { recursive: true });
    if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
    const next: StoredSecrets = {
      platform_admin_key: stored.platform_admin_key ?? generateApiKey('PLATFORM'),
      jwt_secret: stored.jwt_secret ?? randomBytes(48).toString('base64url'),
      provider_credentials_key: stored.provider_credentials_key ?? randomBytes(32).toString('base64url'),
    };
    if (
      next.platform_admin_key !== stored.platform_admin_key ||
      next.jwt_secret !== stored.jwt_secret ||
      next.provider_credentials_key !== stored.provider_credentials_key
    ) {
      writeFileAtomic(file, JSON.stringify(next, null, 2));
    }
    stored = next;
  }
  // Production refuses to start without a configured secret; the sandbox has just stored one.
  const jwtSecret = config.jwtSecret ?? must(stored.jwt_secret, 'the sandbox secrets file holds a jwt_secret');
  return {
    platformAdminKey: config.platformAdminKey ?? (stored.platform_admin_key as string),
    jwtSecret,
    providerCredentialsKey: config.providerCredentialsKey ?? stored.provider_credentials_key,
  };
}

/** Separate keys for separate purposes from one secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'payment-platform', purpose, 32));
}

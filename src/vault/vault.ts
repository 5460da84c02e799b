import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { encryptionKeys, type EncryptionKeyRow } from '../db/schema/index.js';
import { encryptEv, parseEv, type EvPurpose } from '../crypto/ev.js';
import { inProcessOpening, threadOpening, type VaultOpening } from './vault-opening.js';
import { conflict } from '../kernel/errors.js';
import { wallMillis, type Clock } from '../kernel/clock.js';
import type {
  KeyRotation,
  KeysDocument,
  PublicKeyStatus,
  PublicKeyView,
  VaultHandle,
} from '../kernel/encryption-keys.js';
import {
  ensureKeyFile,
  generateKeyEntry,
  KeyFileError,
  readKeyFile,
  writeKeyFile,
  type KeyFile,
  type KeyFileEntry,
} from './key-file.js';

/** Why a value did not decrypt; callers turn it into DECRYPTION_FAILED on their field, saying nothing more. */
export class DecryptionFailed extends Error {
  constructor(readonly reason: 'FORMAT' | 'PURPOSE' | 'UNKNOWN_KEY' | 'RETIRED_KEY' | 'TAG') {
    super('the value did not decrypt');
    this.name = 'DecryptionFailed';
  }
}

/** RETIRING lasts at least this long (P6). */
export const RETIRING_MS = 90 * 24 * 3600 * 1000;
const STATE_CACHE_MS = 5000;

export interface VaultOptions {
  db: Database;
  environment: 'sandbox' | 'production';
  /** The key file; in the sandbox it is created when absent and rotation appends to it. */
  keyFile: string;
  /** Production files are provisioned by operators: the platform never writes them. */
  writable: boolean;
  clock: Clock;
  /** Decrypt in the vault's own thread (the server does): the request thread then holds no private key. */
  thread?: boolean;
}

/**
 * The only holder of private keys and the only code that decrypts. States live in the database (every instance
 * agrees on the ACTIVE key); private keys in the key file, in memory only here.
 */
export class Vault implements VaultHandle {
  readonly vaultHandle = true as const;
  readonly environment: 'sandbox' | 'production';
  private file: KeyFile;
  private readonly opening: VaultOpening;
  private states: { rows: EncryptionKeyRow[]; at: number } | undefined;

  private constructor(
    private readonly options: VaultOptions,
    file: KeyFile,
  ) {
    this.environment = options.environment;
    this.file = file;
    this.opening = options.thread ? threadOpening(options.keyFile) : inProcessOpening(options.keyFile);
  }

  /** Loads (or, in the sandbox, generates) the key file and records its keys' states. */
  static async open(options: VaultOptions): Promise<Vault> {
    const now = options.clock.now();
    const file = options.writable
      ? ensureKeyFile(options.keyFile, options.environment, now)
      : readKeyFile(options.keyFile);
    if (file.environment !== options.environment) {
      throw new KeyFileError(
        `encryption key file ${options.keyFile} holds ${file.environment} keys; APP_ENV is ${options.environment} (sandbox keys are refused in production)`,
      );
    }
    const vault = new Vault(options, file);
    await vault.sync();
    return vault;
  }

  private async sync(): Promise<void> {
    const { db, clock } = this.options;
    const now = clock.now();
    for (const k of this.file.keys) await this.insertStandby(db, k, now);
    const rows = await this.rows(true);
    if (!rows.some((r) => r.status === 'ACTIVE')) {
      const first = rows
        .filter((r) => r.status === 'STANDBY')
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
      if (first) {
        try {
          await db
            .update(encryptionKeys)
            .set({ status: 'ACTIVE', activatedAt: now, updatedAt: now })
            .where(and(eq(encryptionKeys.kid, first.kid), eq(encryptionKeys.status, 'STANDBY')));
        } catch (err) {
          // Another instance activated one first: theirs stands.
          if (!isUniqueViolation(err)) throw err;
        }
      }
    }
    this.states = undefined;
  }

  private async insertStandby(tx: Executor, k: KeyFileEntry, now: Date): Promise<void> {
    await tx
      .insert(encryptionKeys)
      .values({
        kid: k.kid,
        ring: this.file.ring,
        environment: this.environment,
        status: 'STANDBY',
        x: k.x,
        y: k.y,
        createdAt: new Date(k.created_at),
        updatedAt: now,
      })
      .onConflictDoNothing({ target: encryptionKeys.kid });
  }

  private async rows(fresh = false): Promise<EncryptionKeyRow[]> {
    const at = wallMillis();
    if (!fresh && this.states && at - this.states.at < STATE_CACHE_MS) return this.states.rows;
    const rows = await this.options.db
      .select()
      .from(encryptionKeys)
      .where(eq(encryptionKeys.ring, this.file.ring))
      .orderBy(asc(encryptionKeys.createdAt));
    this.states = { rows, at };
    return rows;
  }

  // ---- the public face (PublicKeyRing) ----

  async document(): Promise<KeysDocument> {
    const rows = (await this.rows()).filter((r) => r.status !== 'STANDBY');
    const active = rows.find((r) => r.status === 'ACTIVE');
    if (!active) throw new Error('no ACTIVE encryption key');
    return { environment: this.environment, current_kid: active.kid, keys: rows.reverse().map(toView) };
  }

  async current(): Promise<{ kid: string; x: string; y: string }> {
    let active = (await this.rows()).find((r) => r.status === 'ACTIVE');
    active ??= (await this.rows(true)).find((r) => r.status === 'ACTIVE');
    if (!active) throw new Error('no ACTIVE encryption key');
    return { kid: active.kid, x: active.x, y: active.y };
  }

  async statusOf(kid: string): Promise<PublicKeyStatus | undefined> {
    let row = (await this.rows()).find((r) => r.kid === kid);
    // A kid another instance just made: look again before calling it unknown.
    if (!row || row.status === 'STANDBY') row = (await this.rows(true)).find((r) => r.kid === kid);
    return row && row.status !== 'STANDBY' ? row.status : undefined;
  }

  async rotate(scheduled?: (tx: Executor, rotation: KeyRotation) => Promise<void>): Promise<PublicKeyView> {
    const { db, clock } = this.options;
    const now = clock.now();
    let generated: KeyFileEntry | undefined;
    if (this.options.writable) {
      // The private key is on disk before any state names it; a failure below leaves a harmless STANDBY key.
      generated = generateKeyEntry(this.environment, now);
      this.file = { ...this.file, keys: [...this.file.keys, generated] };
      writeKeyFile(this.options.keyFile, this.file);
    }
    const view = await db.transaction(async (tx) => {
      if (generated) await this.insertStandby(tx, generated, now);
      const ring = eq(encryptionKeys.ring, this.file.ring);
      const [active] = await tx
        .select()
        .from(encryptionKeys)
        .where(and(ring, eq(encryptionKeys.status, 'ACTIVE')))
        .for('update');
      const standby = await tx
        .select()
        .from(encryptionKeys)
        .where(and(ring, eq(encryptionKeys.status, 'STANDBY')))
        .orderBy(asc(encryptionKeys.createdAt))
        .for('update');
      const next = generated
        ? standby.find((r) => r.kid === generated.kid)
        : standby.find((r) => this.provisioned(r.kid));
      if (!next)
        throw conflict(
          'No provisioned key to rotate to: add a key to ENCRYPTION_KEYS_FILE and restart first',
          'kid',
          null,
        );
      const notAfter = new Date(now.getTime() + RETIRING_MS);
      if (active)
        await tx
          .update(encryptionKeys)
          .set({ status: 'RETIRING', notAfter, updatedAt: now })
          .where(eq(encryptionKeys.kid, active.kid));
      const [row] = await tx
        .update(encryptionKeys)
        .set({ status: 'ACTIVE', activatedAt: now, updatedAt: now })
        .where(eq(encryptionKeys.kid, next.kid))
        .returning();
      if (active && scheduled) await scheduled(tx, { previousKid: active.kid, kid: row.kid, notAfter });
      return toView(row);
    });
    this.states = undefined;
    return view;
  }

  async retire(kid: string): Promise<boolean> {
    const now = this.options.clock.now();
    const rows = await this.options.db
      .update(encryptionKeys)
      .set({ status: 'RETIRED', retiredAt: now, updatedAt: now })
      .where(
        and(
          eq(encryptionKeys.kid, kid),
          eq(encryptionKeys.ring, this.file.ring),
          eq(encryptionKeys.status, 'RETIRING'),
          lte(encryptionKeys.notAfter, now),
        ),
      )
      .returning({ kid: encryptionKeys.kid });
    this.states = undefined;
    // Its status refuses it from now on anyway; nothing derived from it stays in memory either.
    if (rows.length > 0) this.opening.forget();
    return rows.length > 0;
  }

  /** Kids of this ring still able to decrypt (ACTIVE and RETIRING). */
  async decryptingKids(): Promise<string[]> {
    return (await this.rows()).filter((r) => r.status === 'ACTIVE' || r.status === 'RETIRING').map((r) => r.kid);
  }

  // ---- the decrypting side: reachable only through openVault ----

  /** The plaintext, in memory for the caller's immediate use (a provider call, a check); never stored or logged. */
  async decrypt(value: string, purpose: EvPurpose): Promise<string> {
    const parts = parseEv(value);
    if (!parts) throw new DecryptionFailed('FORMAT');
    if (parts.purpose !== purpose) throw new DecryptionFailed('PURPOSE');
    const status = await this.statusOf(parts.kid);
    if (!status) throw new DecryptionFailed('UNKNOWN_KEY');
    if (status === 'RETIRED') throw new DecryptionFailed('RETIRED_KEY');
    const opened = await this.opening.open(parts);
    if ('failed' in opened) throw new DecryptionFailed(opened.failed);
    return opened.text;
  }

  /** The same value under the ACTIVE key; the plaintext never leaves this method. */
  async reencrypt(value: string, purpose: EvPurpose): Promise<string> {
    const plain = await this.decrypt(value, purpose);
    return encryptEv(plain, purpose, await this.current());
  }

  /** A kid whose private key is in the key file (this instance's, or a shared file another instance extended). */
  private provisioned(kid: string): boolean {
    if (this.file.keys.some((k) => k.kid === kid)) return true;
    try {
      this.file = readKeyFile(this.options.keyFile);
    } catch {
      return false;
    }
    return this.file.keys.some((k) => k.kid === kid);
  }

  /** Stops the vault's thread (the composition root's close). */
  async close(): Promise<void> {
    await this.opening.close();
  }
}

function toView(r: EncryptionKeyRow): PublicKeyView {
  return {
    kid: r.kid,
    kty: 'EC',
    crv: 'P-256',
    x: r.x,
    y: r.y,
    use: 'enc',
    alg: 'ECDH-P256+HKDF-SHA256+A256GCM',
    format: 'ev:v1',
    status: r.status as PublicKeyStatus,
    created_at: r.createdAt.toISOString(),
    not_after: r.status === 'ACTIVE' ? null : (r.notAfter?.toISOString() ?? null),
  };
}

/** The decrypting side of the handle AppDeps carries. Importable only by the vault's allowed callers. */
export function openVault(handle: VaultHandle): Vault {
  if (!(handle instanceof Vault)) throw new Error('not a vault');
  return handle;
}

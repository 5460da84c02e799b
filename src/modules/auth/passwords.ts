import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id (the library default, pinned here) with its recommended cost (19 MiB, 2 passes). */
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * How many hashes run at once. Each holds its 19 MiB for its whole run, on one of libuv's 4 threads: with the
 * threads as the only bound, 4 ran at once on a 2-core machine (76 MiB, the platform's peak RSS), though 2 cores
 * cannot compute more than 2 at a time. One per core (at most libuv's 4) keeps the throughput and halves that
 * memory here; the rest wait in line (docs/decisions/security.md "argon2id: one hash per core").
 */
export const HASHES_AT_ONCE = Math.max(1, Math.min(4, availableParallelism()));

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` once fewer than HASHES_AT_ONCE hashes are in progress (first come, first served). */
export async function oneHashAtATimePerCore<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (running unchanged), else it is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export async function hashPassword(password: string): Promise<string> {
  return oneHashAtATimePerCore(() => hash(password, OPTIONS));
}

/**
 * Verifies a password; with no stored hash (unknown identifier, user without a password yet) it verifies
 * against a dummy hash so that the answer costs the same work and reveals nothing.
 */
export class PasswordVerifier {
  private dummy: Promise<string> | undefined;

  async verify(storedHash: string | null | undefined, password: string): Promise<boolean> {
    if (!storedHash) {
      this.dummy ??= hashPassword('dummy-password-for-equal-work');
      const dummy = await this.dummy;
      await oneHashAtATimePerCore(() => verify(dummy, password)).catch(() => false);
      return false;
    }
    return oneHashAtATimePerCore(() => verify(storedHash, password)).catch(() => false);
  }
}

import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id (the library default, pinned here) with its recommended cost (19 MiB, 2 passes). */
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
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
      await verify(await this.dummy, password).catch(() => false);
      return false;
    }
    return verify(storedHash, password).catch(() => false);
  }
}

import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where document bytes live. Content addressed: the key is the SHA-256 of the bytes, so storing twice is
 * harmless and a transaction that fails after `put` leaves only an unreferenced blob, never a row whose file
 * is missing. An S3-compatible store can implement the same interface later.
 */
export interface FileStore {
  put(bytes: Buffer): Promise<string>;
  /** The bytes, or null when the key is unknown. */
  get(key: string): Promise<Buffer | null>;
}

const KEY = /^[0-9a-f]{64}$/;

/** Local disk under a root directory (DATA_DIR/files by default), fanned out by the key's first bytes. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(bytes: Buffer): Promise<string> {
    const key = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathOf(key);
    if (await exists(target)) return key;
    const dir = join(this.root, key.slice(0, 2), key.slice(2, 4));
    await mkdir(dir, { recursive: true });
    // Written beside the target then renamed: a reader never sees a half-written file.
    const tmp = join(dir, `.${key}.${randomUUID()}.tmp`);
    try {
      await writeFile(tmp, bytes, { flag: 'wx' });
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

import { wallMillis } from '../kernel/clock.js';

/**
 * The vault's short-lived memory of derived `ev:` keys K, by (kid, ephemeral public key, purpose). The PCI host
 * encrypts with one ephemeral pair for up to 15 s (payments.md P6), so the values it sends in that window share
 * their ECDH and HKDF: one per (epk, purpose) instead of one per value (the ECDH was ~15-20% of a card create's
 * CPU). K is a pure function of the entry's key and the private key of the kid, so a hit decrypts exactly as a
 * miss would; AES-GCM still checks every value's own tag, IV and header. Only K is kept (never the ECDH secret
 * or a plaintext), for at most TTL_MS and at most MAX_ENTRIES keys, zeroed when dropped; nothing here is logged
 * or leaves the vault.
 */
const TTL_MS = 15_000;
const MAX_ENTRIES = 2048;

interface Entry {
  key: Buffer;
  expiresAt: number;
}

export class DerivedKeyCache {
  // A Map iterates in insertion order: the first entries are the oldest, so eviction pops from the front.
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly now: () => number = wallMillis,
  ) {}

  /**
   * The kept K of a value's header (`ev:v1:{kid}:{purpose}:{epk}`, which names exactly the triple), or undefined
   * (never kept, expired, or dropped). The caller must not zero or change it.
   */
  get(id: string): Buffer | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.drop(id, entry);
      return undefined;
    }
    return entry.key;
  }

  /** Keeps K (owned by the cache from now on: zeroed when it expires or is pushed out). */
  set(id: string, key: Buffer): void {
    const previous = this.entries.get(id);
    if (previous) this.drop(id, previous);
    const now = this.now();
    this.evict(now);
    this.entries.set(id, { key, expiresAt: now + this.ttlMs });
  }

  /** Forgets every key (a kid retired or removed: nothing derived from it stays). */
  clear(): void {
    for (const [id, entry] of this.entries) this.drop(id, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Expired entries from the front (insertion order is expiry order: one TTL), then the oldest beyond the bound. */
  private evict(now: number): void {
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt > now && this.entries.size < this.maxEntries) break;
      this.drop(id, entry);
    }
  }

  private drop(id: string, entry: Entry): void {
    this.entries.delete(id);
    entry.key.fill(0);
  }
}

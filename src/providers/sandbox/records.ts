/**
 * What the sandbox providers remember: the accounts, transfers, keys, payments, refunds, charges, sessions and
 * cashouts they were sent, so a status sync, a capture or a directory lookup answers the same whichever
 * instance (or job runner) asks. A real provider keeps this on its side; the sandbox keeps it in a store the
 * composition root hands in (the database, shared by every instance), or in memory (contract tests, a
 * provider built alone). The adapters know the store, never a table.
 *
 * Values are plain JSON (no Date, no undefined): what the store hands back is the value as claimed or a copy
 * read back, so a change is only kept through `replace`.
 */
export interface StoredRecord<T> {
  value: T;
  /** Bumped by every replace: a write based on an older read loses (compare and swap). */
  version: number;
}

export interface SandboxRecords {
  read<T>(provider: string, kind: string, key: string): Promise<StoredRecord<T> | undefined>;
  /** Stores `value` unless a record is there; answers the record that stands (the first writer's). */
  claim<T>(provider: string, kind: string, key: string, value: T): Promise<StoredRecord<T>>;
  /** Replaces the record if its version is still `version`; false when another write came first. */
  replace<T>(provider: string, kind: string, key: string, version: number, value: T): Promise<boolean>;
  /** Removes the record if its version is still `version`. */
  remove(provider: string, kind: string, key: string, version: number): Promise<boolean>;
}

/** One record's identity as a single string (the memory store's map key; the database store's batch lookup). */
export const recordId = (r: { provider?: unknown; kind?: unknown; key?: unknown }) =>
  [r.provider, r.kind, r.key].join('\u0000');

/** One process's records: right for a provider that only one instance talks to. */
export class MemoryRecords implements SandboxRecords {
  private readonly records = new Map<string, { json: string; version: number }>();

  async read<T>(provider: string, kind: string, key: string): Promise<StoredRecord<T> | undefined> {
    const held = this.records.get(recordId({ provider, kind, key }));
    return held ? { value: JSON.parse(held.json) as T, version: held.version } : undefined;
  }

  async claim<T>(provider: string, kind: string, key: string, value: T): Promise<StoredRecord<T>> {
    const id = recordId({ provider, kind, key });
    if (!this.records.has(id)) this.records.set(id, { json: JSON.stringify(value), version: 1 });
    return (await this.read<T>(provider, kind, key))!;
  }

  async replace<T>(provider: string, kind: string, key: string, version: number, value: T): Promise<boolean> {
    const id = recordId({ provider, kind, key });
    const held = this.records.get(id);
    if (!held || held.version !== version) return false;
    this.records.set(id, { json: JSON.stringify(value), version: version + 1 });
    return true;
  }

  async remove(provider: string, kind: string, key: string, version: number): Promise<boolean> {
    const id = recordId({ provider, kind, key });
    if (this.records.get(id)?.version !== version) return false;
    return this.records.delete(id);
  }
}

/** How many times an update re-reads after losing a race before it gives up (a bug, not load, gets there). */
const UPDATE_ATTEMPTS = 20;

/** One provider's view of the store, by kind of record. */
export class ProviderRecords {
  constructor(
    private readonly store: SandboxRecords,
    private readonly provider: string,
  ) {}

  async get<T>(kind: string, key: string): Promise<T | undefined> {
    return (await this.store.read<T>(this.provider, kind, key))?.value;
  }

  async claim<T>(kind: string, key: string, value: T): Promise<T> {
    return (await this.store.claim(this.provider, kind, key, value)).value;
  }

  /**
   * Applies `change` to the record and keeps the result, re-reading when another writer came first; `change`
   * answers null to keep the record as it is, and may throw (a refusal) to change nothing. Answers the record
   * as it stands afterwards, or undefined when there is none.
   */
  async update<T>(kind: string, key: string, change: (current: T) => T | null): Promise<T | undefined> {
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const held = await this.store.read<T>(this.provider, kind, key);
      if (!held) return undefined;
      const next = change(held.value);
      if (next === null) return held.value;
      if (await this.store.replace(this.provider, kind, key, held.version, next)) return next;
    }
    throw new Error(`sandbox record ${kind} kept changing under ${UPDATE_ATTEMPTS} updates`);
  }

  /** Removes the record if `shouldRemove` says so of the record as it stands; answers whether it did. */
  async removeIf<T>(kind: string, key: string, shouldRemove: (current: T) => boolean): Promise<boolean> {
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const held = await this.store.read<T>(this.provider, kind, key);
      if (!held || !shouldRemove(held.value)) return false;
      if (await this.store.remove(this.provider, kind, key, held.version)) return true;
    }
    throw new Error(`sandbox record ${kind} kept changing under ${UPDATE_ATTEMPTS} removals`);
  }
}

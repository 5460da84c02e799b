import type { Database, Tx } from './client.js';
import { pgError } from './errors.js';

/** Deadlock victim or serialization failure: the work did nothing and may simply run again. */
const retryable = (err: unknown) => ['40P01', '40001'].includes(pgError(err).code ?? '');

interface Item {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
}

interface Lane {
  queue: Item[];
  running: boolean;
}

/**
 * Group commit per key (issue 10 item 5): work items for one hot key (an origin account) that arrive while
 * that key's previous transaction is in flight run together in ONE database transaction, each inside its own
 * SAVEPOINT (one item's failure rolls back only itself), then commit once, and only then is each item
 * answered. Durability is unchanged (one synchronous commit covers the batch); the row lock a batch takes is
 * paid once per batch instead of once per request. Several instances each batch their own; the row lock
 * serializes their batches. If the batch transaction itself fails (commit error, deadlock victim), every
 * item is run again alone in its own transaction, so a batch never answers for work it did not commit.
 *
 * A work item must use only the `tx` it is given (never the database): on PGlite the batch holds the single
 * connection.
 */
export class TransactionBatcher {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly db: Database,
    private readonly maxBatch = 100,
  ) {}

  run<T>(key: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let lane = this.lanes.get(key);
      if (!lane) {
        lane = { queue: [], running: false };
        this.lanes.set(key, lane);
      }
      lane.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      // The first arrival starts at the next turn of the event loop (gathering what arrived in this one);
      // later arrivals wait for the batch in flight and form the next one.
      if (!lane.running) {
        lane.running = true;
        setImmediate(() => void this.drain(key, lane!));
      }
    });
  }

  private async drain(key: string, lane: Lane): Promise<void> {
    while (lane.queue.length > 0) {
      const batch = lane.queue.splice(0, this.maxBatch);
      await this.runBatch(batch);
    }
    lane.running = false;
    this.lanes.delete(key);
  }

  private async runBatch(batch: Item[]): Promise<void> {
    try {
      if (batch.length === 1) {
        // Alone: no savepoint needed, its failure rolls back its own transaction.
        const value = await this.db.transaction((tx) => batch[0].work(tx));
        batch[0].outcome = { ok: true, value };
      } else {
        await this.db.transaction(async (tx) => {
          for (const item of batch) {
            try {
              item.outcome = { ok: true, value: await tx.transaction((sp) => item.work(sp)) };
            } catch (error) {
              item.outcome = { ok: false, error };
            }
          }
        });
      }
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // Nothing of the batch committed: each item alone, so only a real failure answers as one.
      for (const item of batch) {
        try {
          item.resolve(await this.db.transaction((tx) => item.work(tx)));
        } catch (err) {
          item.reject(err);
        }
      }
      return;
    }
    for (const item of batch) {
      const o = item.outcome!;
      if (o.ok) item.resolve(o.value);
      else if (retryable(o.error)) {
        // e.g. a duplicate request_id claimed by another instance's batch waiting on our row lock: the
        // deadlock victim is only this savepoint; run it again alone now that ours has committed.
        try {
          item.resolve(await this.db.transaction((tx) => item.work(tx)));
        } catch (err) {
          item.reject(err);
        }
      } else item.reject(o.error);
    }
  }
}

import type { Database, Executor, Tx } from './client.js';
import { must } from '../domain/must.js';

/** What a batch handler answers for one item: its value, or the error that item alone answers with. */
export type ItemOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Handles a whole batch in the given transaction, set-based (one statement per table for all items), and
 * answers one outcome per item, in order. An item's own refusal (e.g. too little balance) is an outcome, not
 * a throw, and must leave the transaction usable; a throw (any database error) fails the whole batch.
 */
export type BatchHandler<I, O> = (tx: Tx, items: I[]) => Promise<ItemOutcome<O>[]>;

/** A handler that writes with ONE statement: it runs without a transaction of its own (autocommit). */
export type StatementHandler<I, O> = (db: Executor, items: I[]) => Promise<ItemOutcome<O>[]>;

interface Pending<I, O> {
  item: I;
  resolve: (v: O) => void;
  reject: (e: unknown) => void;
}

interface Lane<I, O> {
  queue: Pending<I, O>[];
}

/**
 * Group commit per key (issue 10 item 5). The first item for an idle key starts at once, alone (the direct
 * path: no waiting when nothing queues). Items that arrive while that key's transaction is in flight queue
 * and form the next batch (at most `maxBatch`), handled in ONE transaction by the set-based handler, so a
 * batch of N costs about one statement set and one durable commit instead of N; each item is answered only
 * after that commit. Durability is unchanged (synchronous commit). Several instances each batch their own;
 * the row lock their statements take serializes their batches.
 *
 * If the batch transaction fails (a database error, a deadlock victim, a commit error), nothing of it
 * committed: every item is run again alone, so one item's failure answers only that item and no answer
 * depends on work that did not commit.
 *
 * The handler must use only the `tx` it is given (never the database): on PGlite the batch holds the single
 * connection.
 */
export class TransactionBatcher<I, O> {
  private readonly lanes = new Map<string, Lane<I, O>>();

  private readonly execute: (items: I[]) => Promise<ItemOutcome<O>[]>;

  /**
   * `transaction` (default): the handler runs in one transaction per batch. `statement`: the handler issues a
   * single statement, which is its own transaction, so no BEGIN/COMMIT round trips are added.
   */
  constructor(
    db: Database,
    handler: BatchHandler<I, O> | StatementHandler<I, O>,
    options: { maxBatch?: number; mode?: 'transaction' | 'statement'; gather?: boolean } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 100;
    this.gather = options.gather ?? false;
    this.execute =
      options.mode === 'statement'
        ? (items) => (handler as StatementHandler<I, O>)(db, items)
        : (items) => db.transaction((tx) => (handler as BatchHandler<I, O>)(tx, items));
  }

  private readonly maxBatch: number;

  /**
   * `gather`: the first item of an idle key waits for the current event-loop turn to end, so the items that
   * arrive in that same turn (e.g. every create of a batch that just committed) form its batch with it.
   */
  private readonly gather: boolean;

  run(key: string, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const pending = { item, resolve, reject };
      const lane = this.lanes.get(key);
      if (lane) {
        lane.queue.push(pending);
        return;
      }
      const fresh: Lane<I, O> = { queue: [pending] };
      this.lanes.set(key, fresh);
      if (this.gather) setImmediate(() => void this.drain(key, fresh));
      else void this.drain(key, fresh);
    });
  }

  private async drain(key: string, lane: Lane<I, O>): Promise<void> {
    while (lane.queue.length > 0) {
      const batch = lane.queue.splice(0, this.maxBatch);
      await this.runBatch(batch);
    }
    this.lanes.delete(key);
  }

  private async runBatch(batch: Pending<I, O>[]): Promise<void> {
    let outcomes: ItemOutcome<O>[];
    try {
      outcomes = await this.execute(batch.map((p) => p.item));
    } catch (error) {
      if (batch.length === 1) {
        must(batch[0], 'a batch of one').reject(error);
        return;
      }
      // Nothing of the batch committed: each item alone, so only a real failure answers as one.
      for (const p of batch) await this.runAlone(p);
      return;
    }
    batch.forEach((p, i) => {
      const o = must(outcomes[i], 'the statement answers one outcome per item');
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    });
  }

  private async runAlone(p: Pending<I, O>): Promise<void> {
    try {
      const o = must((await this.execute([p.item]))[0], 'the statement answers one outcome per item');
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    } catch (err) {
      p.reject(err);
    }
  }
}

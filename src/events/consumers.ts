import type { Executor } from '../db/client.js';
import type { EventRow } from '../db/schema/index.js';

/**
 * Whoever must act on events in the same database transaction as the change that emits them (webhook
 * delivery queues a message; later consumers may project or schedule). A consumer only writes rows: slow
 * work (HTTP, providers) happens after commit, driven by what it wrote.
 */
export type EventConsumer = (tx: Executor, events: EventRow[]) => Promise<void>;

/**
 * The consumer registry the outbox hands every recorded batch to, after Infisical's event bus registry:
 * the outbox knows no area; the composition root registers each area's consumer by name (idempotent, so
 * building several apps in one process registers once).
 */
export class EventConsumerRegistry {
  private readonly consumers = new Map<string, EventConsumer>();

  register(name: string, consumer: EventConsumer): void {
    this.consumers.set(name, consumer);
  }

  names(): string[] {
    return [...this.consumers.keys()];
  }

  async dispatch(tx: Executor, events: EventRow[]): Promise<void> {
    for (const consume of this.consumers.values()) await consume(tx, events);
  }
}

/**
 * The process's registry. Events are recorded deep inside use cases that receive only a transaction, so the
 * outbox reads this one instance; only composition roots register into it.
 */
export const eventConsumers = new EventConsumerRegistry();

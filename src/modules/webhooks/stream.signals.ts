import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EventConsumer } from '../../events/consumers.js';

/** "These events of this organization were just recorded": what wakes its open streams. */
export interface EventSignal {
  organizationId: string;
  eventIds: string[];
}

/** Carries signals to other instances (Redis pub/sub); this process hears its own signals in memory. */
export interface SignalTransport {
  publish(signals: EventSignal[]): void;
  close(): Promise<void>;
}

type Listener = (signal: EventSignal) => void;

/**
 * The process's event signals. Events are recorded deep in use cases that get only a transaction, so, like the
 * consumer registry, this is one instance per process; composition roots attach the Redis transport.
 * A signal is sent from inside the recording transaction, so it may arrive before the commit (or for a rollback):
 * a listener reads until the signalled events show up, for a bounded time (src/modules/webhooks/stream.service.ts).
 */
export class EventSignalBus {
  private readonly listeners = new Set<Listener>();
  private readonly transports = new Set<SignalTransport>();

  /** Whether other instances' recordings are heard (else streams poll the database often). */
  get crossInstance(): boolean {
    return this.transports.size > 0;
  }

  /** Open listeners (tests check that a closed stream leaves none behind). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  announce(signals: EventSignal[]): void {
    if (signals.length === 0) return;
    this.emit(signals);
    for (const transport of this.transports) transport.publish(signals);
  }

  /** Hands signals to this process's listeners (the transport calls it with other instances' signals). */
  emit(signals: EventSignal[]): void {
    for (const signal of signals) for (const listener of this.listeners) listener(signal);
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  attach(transport: SignalTransport): () => Promise<void> {
    this.transports.add(transport);
    return async () => {
      this.transports.delete(transport);
      await transport.close();
    };
  }
}

export const eventSignals = new EventSignalBus();

/** Groups a recorded batch by organization. */
export function signalsOf(rows: { id: string; organizationId: string }[]): EventSignal[] {
  const byOrganization = new Map<string, string[]>();
  for (const row of rows)
    byOrganization.set(row.organizationId, [...(byOrganization.get(row.organizationId) ?? []), row.id]);
  return [...byOrganization].map(([organizationId, eventIds]) => ({ organizationId, eventIds }));
}

/** The event consumer: announces each recorded batch (no write, never throws, never waits). */
export const eventStreamSignalConsumer: EventConsumer = async (_tx, rows) => {
  try {
    eventSignals.announce(signalsOf(rows));
  } catch {
    // A signal only hastens a stream; its poll is the backstop.
  }
};

export const EVENT_SIGNAL_CHANNEL = 'platform:events:recorded';

/**
 * Redis pub/sub between instances, on a connection of its own (a subscribing connection does nothing else). A
 * publish that fails is dropped: the streams' periodic read catches up.
 */
export function redisSignalTransport(publisher: Redis, bus: EventSignalBus = eventSignals): SignalTransport {
  // Tags this transport's messages: its bus heard them in memory already.
  const tag = randomUUID();
  const subscriber = publisher.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', () => {});
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== EVENT_SIGNAL_CHANNEL) return;
    try {
      const message = JSON.parse(text) as { from?: string; signals?: EventSignal[] };
      if (message.from === tag || !Array.isArray(message.signals)) return;
      bus.emit(message.signals.filter((s) => typeof s?.organizationId === 'string' && Array.isArray(s.eventIds)));
    } catch {
      // Not ours: ignore.
    }
  });
  void subscriber.subscribe(EVENT_SIGNAL_CHANNEL).catch(() => undefined);
  return {
    publish(signals) {
      void publisher.publish(EVENT_SIGNAL_CHANNEL, JSON.stringify({ from: tag, signals })).catch(() => undefined);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}

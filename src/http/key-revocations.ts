import type { Redis } from 'ioredis';

/**
 * What the API key caches of every instance must forget (product.md §15: a revoked key is refused within
 * 1 second on every instance, while each instance caches keys for 10 s). `ids` names key ids, or company ids
 * (every key of the company and of its merchants: a status change, §14); `all` asks for a clear (an instance
 * that may have missed messages).
 */
export type KeyCacheInvalidation = { ids: string[] } | 'all';

export interface KeyRevocations {
  /** Tells this instance at once, then every other one. Never throws: the cache's own expiry is the backstop. */
  publish(ids: string[]): Promise<void>;
  /** Delivers to this instance's listeners only (the database poll of deployments without Redis). */
  hear(message: KeyCacheInvalidation): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (message: KeyCacheInvalidation) => void): () => void;
  /** Settles once other instances' messages are heard (tests with two instances wait for it). */
  ready: Promise<void>;
  close(): Promise<void>;
}

class Listeners {
  private readonly set = new Set<(message: KeyCacheInvalidation) => void>();
  add(listener: (message: KeyCacheInvalidation) => void) {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }
  emit(message: KeyCacheInvalidation) {
    for (const listener of this.set) listener(message);
  }
}

/** One process (the embedded database, or a deployment without Redis): the listeners are the only audience. */
export function localKeyRevocations(): KeyRevocations {
  const listeners = new Listeners();
  return {
    async publish(ids) {
      listeners.emit({ ids });
    },
    hear: (message) => listeners.emit(message),
    subscribe: (listener) => listeners.add(listener),
    ready: Promise.resolve(),
    async close() {},
  };
}

export const KEY_REVOCATION_CHANNEL = 'platform:api-keys:invalidate';

/**
 * Redis pub/sub across instances. The subscriber is its own connection (a subscribing connection can do
 * nothing else) that queues its SUBSCRIBE until connected and re-subscribes after a reconnect; whatever was
 * published while it was away is lost, so each (re)connection clears the whole cache.
 */
export function redisKeyRevocations(publisher: Redis, onError: (err: unknown) => void = () => {}): KeyRevocations {
  const listeners = new Listeners();
  const subscriber = publisher.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', () => {});
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (connectedOnce) listeners.emit('all');
    connectedOnce = true;
  });
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== KEY_REVOCATION_CHANNEL) return;
    try {
      const ids = JSON.parse(text) as unknown;
      if (Array.isArray(ids)) listeners.emit({ ids: ids.filter((id): id is string => typeof id === 'string') });
    } catch {
      listeners.emit('all');
    }
  });
  const subscribed = subscriber.subscribe(KEY_REVOCATION_CHANNEL).then(() => undefined, onError);
  return {
    async publish(ids) {
      listeners.emit({ ids });
      try {
        await publisher.publish(KEY_REVOCATION_CHANNEL, JSON.stringify(ids));
      } catch (err) {
        onError(err);
      }
    },
    hear: (message) => listeners.emit(message),
    subscribe: (listener) => listeners.add(listener),
    ready: subscribed,
    async close() {
      // Not awaiting `subscribed`: with Redis down it waits for a connection that may never come.
      subscriber.disconnect();
    },
  };
}

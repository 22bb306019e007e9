import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type PubSubHandler = (payload: string) => void;

/**
 * Messages between app instances, by channel: in this process by default, through Redis when REDIS_URL is set
 * (several instances behind one load balancer then reach each other's WebSockets). Delivery is at most once;
 * what must not be lost is stored before it is published.
 */
export interface PubSub {
  publish(channel: string, payload: string): Promise<void>;
  /** Starts listening (resolves once listening); the returned function stops it. */
  subscribe(channel: string, handler: PubSubHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createPubSub(redisUrl?: string, prefix = 'souk:'): PubSub {
  return redisUrl ? redisPubSub(redisUrl, prefix) : inProcessPubSub();
}

function inProcessPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** One connection publishes, one listens; a channel is subscribed in Redis once, whatever the local handlers. */
function redisPubSub(url: string, prefix: string): PubSub {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const listener = new Redis(url, { lazyConnect: false });
  const handlers = new Map<string, Set<PubSubHandler>>();
  listener.on('message', (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  });
  // Errors are retried by ioredis; without a listener they would be thrown.
  publisher.on('error', () => undefined);
  listener.on('error', () => undefined);
  return {
    async publish(channel, payload) {
      await publisher.publish(prefix + channel, payload);
    },
    async subscribe(channel, handler) {
      const key = prefix + channel;
      let set = handlers.get(key);
      if (!set) {
        set = new Set();
        handlers.set(key, set);
        await listener.subscribe(key);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(key);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(key);
        await listener.unsubscribe(key).catch(() => undefined);
      };
    },
    async close() {
      await Promise.all([publisher.quit().catch(() => undefined), listener.quit().catch(() => undefined)]);
    },
  };
}

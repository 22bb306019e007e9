import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Who has a live connection, across app instances. In this process by default; with Redis, each instance
 * keeps, per user, its own entry with an expiry it renews while the user stays connected, so an instance that
 * dies stops counting within PRESENCE_TTL_SECONDS.
 */
export interface Presence {
  /** A connection of `userId` opened on this instance; true when it is their first one here. */
  connected(userId: string): Promise<boolean>;
  /** A connection closed; true when it was their last one here. */
  disconnected(userId: string): Promise<boolean>;
  isOnline(userId: string): Promise<boolean>;
  close(): Promise<void>;
}

const PRESENCE_TTL_SECONDS = 90;
const RENEW_EVERY_MS = 30_000;

export function createPresence(redisUrl?: string): Presence {
  const local = new Map<string, number>();
  const count = (userId: string, change: 1 | -1) => {
    const next = (local.get(userId) ?? 0) + change;
    if (next <= 0) local.delete(userId);
    else local.set(userId, next);
    return next;
  };
  if (!redisUrl) {
    return {
      connected: async (userId) => count(userId, 1) === 1,
      disconnected: async (userId) => count(userId, -1) === 0,
      isOnline: async (userId) => local.has(userId),
      close: async () => undefined,
    };
  }
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  const instance = randomUUID();
  const key = (userId: string) => `souk:presence:${userId}`;
  const mark = (pipeline: ReturnType<Redis['pipeline']>, userId: string) =>
    pipeline
      .hset(key(userId), instance, Date.now() + PRESENCE_TTL_SECONDS * 1000)
      .expire(key(userId), PRESENCE_TTL_SECONDS);
  const renewal = setInterval(() => {
    if (local.size === 0) return;
    const pipeline = redis.pipeline();
    for (const userId of local.keys()) mark(pipeline, userId);
    pipeline.exec().catch(() => undefined);
  }, RENEW_EVERY_MS);
  renewal.unref();
  return {
    async connected(userId) {
      const first = count(userId, 1) === 1;
      if (first) await mark(redis.pipeline(), userId).exec();
      return first;
    },
    async disconnected(userId) {
      const last = count(userId, -1) === 0;
      if (last) await redis.hdel(key(userId), instance);
      return last;
    },
    async isOnline(userId) {
      if (local.has(userId)) return true;
      const expiries = await redis.hvals(key(userId));
      const now = Date.now();
      return expiries.some((expiry) => Number(expiry) > now);
    },
    async close() {
      clearInterval(renewal);
      await redis.quit().catch(() => undefined);
    },
  };
}

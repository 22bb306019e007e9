import { once } from 'node:events';
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

export interface Limiter {
  /** Counts one attempt for `key`; throws a 429 AppError once the key has used up its attempts. */
  consume(key: string): Promise<void>;
  /** Throws the same 429 when `key` has used up its attempts, without counting one. */
  check(key: string): Promise<void>;
}

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
  /** The locale key of the refusal (default 'errors.tooManyRequests'); it may use {{seconds}}, the wait left. */
  messageKey?: string;
}

export type LimiterFactory = (options: LimiterOptions) => Limiter;

/**
 * Limits kept in Redis when `redisUrl` is given (so every app instance counts together), otherwise in
 * this process. Returns the factory and a function that closes the Redis connection.
 */
export function createLimiterFactory(redisUrl?: string): {
  createLimiter: LimiterFactory;
  /** Resolves once Redis is connected (at once without Redis); until then, limits count in memory. */
  ready(): Promise<void>;
  close(): Promise<void>;
} {
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, lazyConnect: false }) : undefined;
  return {
    createLimiter: (options) =>
      wrap(
        options,
        redis
          ? new RateLimiterRedis({
              storeClient: redis,
              keyPrefix: `souk:${options.keyPrefix}`,
              points: options.points,
              duration: options.durationSeconds,
              // While Redis is unreachable, count in memory rather than refuse everyone.
              insuranceLimiter: memoryLimiter(options),
            })
          : memoryLimiter(options),
      ),
    ready: async () => {
      if (redis && redis.status !== 'ready') await once(redis, 'ready');
    },
    close: async () => {
      await redis?.quit().catch(() => undefined);
    },
  };
}

function memoryLimiter(options: LimiterOptions) {
  return new RateLimiterMemory({
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSeconds,
  });
}

function wrap(options: LimiterOptions, limiter: RateLimiterAbstract): Limiter {
  const refusal = (result: RateLimiterRes) => {
    const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    return new AppError(429, options.messageKey ?? 'errors.tooManyRequests', {
      values: { seconds },
      retryAfterSeconds: seconds,
    });
  };
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw refusal(rejection);
        throw rejection;
      }
    },
    async check(key) {
      const result = await limiter.get(key);
      // The in-process store keeps an expired count until its timer fires: a window that has passed is empty.
      if (result && result.msBeforeNext > 0 && result.consumedPoints >= options.points) throw refusal(result);
    },
  };
}

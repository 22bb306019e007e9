import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../http/errors.ts';

export interface Limiter {
  /** Counts one attempt for `key`; throws a 429 AppError once the key has used up its attempts. */
  consume(key: string): Promise<void>;
}

/** A limit of `points` attempts per key in `durationSeconds`, kept in this process. */
export function createLimiter(options: { keyPrefix: string; points: number; durationSeconds: number }): Limiter {
  const limiter = new RateLimiterMemory({
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSeconds,
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw new AppError(429, 'api.tooManyRequests');
        throw rejection;
      }
    },
  };
}

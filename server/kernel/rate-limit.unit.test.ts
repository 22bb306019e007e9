import { afterAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../testing/redis.ts';
import { createLimiterFactory } from './rate-limit.ts';

const REDIS_URL = TEST_REDIS_URL;
const redisAvailable = await redisAnswers(REDIS_URL);

describe('rate limits', () => {
  it('count in process when no Redis is configured', async () => {
    const { createLimiter, close } = createLimiterFactory();
    const limiter = createLimiter({ keyPrefix: `test-${Date.now()}`, points: 2, durationSeconds: 60 });
    await limiter.consume('a');
    await limiter.consume('a');
    await expect(limiter.consume('a')).rejects.toMatchObject({ status: 429, messageKey: 'errors.tooManyRequests' });
    await limiter.consume('b');
    await close();
  });

  it.runIf(redisAvailable)('are shared by every app instance through Redis', async () => {
    const first = createLimiterFactory(REDIS_URL);
    const second = createLimiterFactory(REDIS_URL);
    afterAll(async () => {
      await first.close();
      await second.close();
    });
    await Promise.all([first.ready(), second.ready()]);
    const options = { keyPrefix: `test-shared-${Date.now()}`, points: 3, durationSeconds: 60 };
    const instanceA = first.createLimiter(options);
    const instanceB = second.createLimiter(options);
    await instanceA.consume('203.0.113.7');
    await instanceB.consume('203.0.113.7');
    await instanceA.consume('203.0.113.7');
    await expect(instanceB.consume('203.0.113.7')).rejects.toMatchObject({ status: 429 });
  });
});

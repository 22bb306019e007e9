import { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimiterFactory } from './rate-limit.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers (CI and this machine run one; a laptop may not). */
async function redisAnswers(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket
      .once('connect', () => resolve(true))
      .once('error', () => resolve(false))
      .once('timeout', () => resolve(false));
    socket.connect(Number(port || 6379), hostname, () => socket.end());
  });
}

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

import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app.ts';
import { redisAnswers, TEST_REDIS_URL } from '../testing/redis.ts';

/** The global per-address limit on /api/v1: reads and writes counted apart, writes stricter. */
const LIMITS = { API_READS_PER_MINUTE: '3', API_WRITES_PER_MINUTE: '2' };
const redisAvailable = await redisAnswers();

/** An address of the documentation range no other test (or earlier run against the same Redis) used. */
const freshAddress = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;

type App = Awaited<ReturnType<typeof createTestApp>>['app'];
const read = (app: App, ip: string, lang = 'en') =>
  app.inject({ url: `/api/v1/categories?lang=${lang}`, remoteAddress: ip });
const write = (app: App, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout?lang=en',
    payload: {},
    remoteAddress: ip,
  });

describe('the API request limit (in process)', () => {
  it('refuses the request past the limit with the error envelope, a translated message and Retry-After', async () => {
    const { app } = await createTestApp(LIMITS);
    const ip = freshAddress();
    for (let count = 0; count < 3; count++) expect((await read(app, ip)).statusCode).toBe(200);
    const refused = await read(app, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 429,
      status: 'error',
      message: 'Too many requests. Please wait a moment and try again.',
      data: null,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read(app, ip, 'de')).json().message).not.toBe(refused.json().message);
    // Another address is not affected.
    expect((await read(app, freshAddress())).statusCode).toBe(200);
  });

  it('counts writes apart from reads, and allows fewer of them', async () => {
    const { app } = await createTestApp(LIMITS);
    const ip = freshAddress();
    expect((await write(app, ip)).statusCode).toBe(200);
    expect((await write(app, ip)).statusCode).toBe(200);
    const refused = await write(app, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, status: 'error' });
    expect((await read(app, ip)).statusCode).toBe(200);
  });

  it('has sane defaults: a busy reader is not refused', async () => {
    const { app } = await createTestApp({ API_READS_PER_MINUTE: '', API_WRITES_PER_MINUTE: '' });
    const ip = freshAddress();
    for (let count = 0; count < 100; count++) expect((await read(app, ip)).statusCode).toBe(200);
  });
});

describe.runIf(redisAvailable)('the API request limit (shared through Redis)', () => {
  it('counts the requests of one address on every app instance together', async () => {
    const env = { ...LIMITS, REDIS_URL: TEST_REDIS_URL };
    const [first, second] = [await createTestApp(env), await createTestApp(env)];
    const ip = freshAddress();
    expect((await read(first.app, ip)).statusCode).toBe(200);
    expect((await read(second.app, ip)).statusCode).toBe(200);
    expect((await read(first.app, ip)).statusCode).toBe(200);
    const refused = await read(second.app, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, status: 'error', data: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

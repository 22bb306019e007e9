import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { registerSystemRoutes, type SystemOptions } from './routes.ts';

const ctx = useTestApp();

/** The operations routes alone, on a pool that may point nowhere. */
async function systemRoutes(options: Partial<SystemOptions> & { pool: pg.Pool }) {
  const app = Fastify();
  registerSystemRoutes(app, { isDatabaseAlive: () => true, ...options });
  await app.ready();
  return app;
}

const unreachablePool = () => new pg.Pool({ connectionString: 'postgres://souk:x@127.0.0.1:1/none' });

describe('operations endpoints', () => {
  it('/healthz answers while the process lives', async () => {
    const response = await ctx.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database', async () => {
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 when the database does not answer, and /healthz once the database died', async () => {
    const pool = unreachablePool();
    let alive = true;
    const app = await systemRoutes({ pool, isDatabaseAlive: () => alive });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    alive = false;
    expect((await app.inject('/healthz')).statusCode).toBe(503);
    await app.close();
    await pool.end();
  });

  it('/metrics exposes Prometheus metrics including request durations to a direct loopback request', async () => {
    await ctx.app.inject('/api/v1/categories');
    const response = await ctx.app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/categories",status_code="200"\} \d+/,
    );
    // How long pictures waited for a decoding slot and took to decode (media/image-pipeline.ts).
    expect(response.body).toContain('# TYPE souk_image_decode_seconds histogram');
  });

  it('/metrics counts the background jobs waiting, running and failed, per job', async () => {
    const fromApp = (await ctx.app.inject('/metrics')).body;
    expect(fromApp).toContain('souk_jobs{job="mail.send",state="queued"} 0');
    expect(fromApp).toContain('souk_jobs{job="sms.send",state="failed"} 0');
    const pool = unreachablePool();
    const app = await systemRoutes({
      pool,
      jobCounts: async () => [{ name: 'mail.send', queued: 4, active: 1, failed: 2 }],
    });
    const body = (await app.inject('/metrics')).body;
    expect(body).toContain('souk_jobs{job="mail.send",state="queued"} 4');
    expect(body).toContain('souk_jobs{job="mail.send",state="active"} 1');
    expect(body).toContain('souk_jobs{job="mail.send",state="failed"} 2');
    await app.close();
    await pool.end();
  });

  it('/metrics still answers when the job counts cannot be read', async () => {
    const pool = unreachablePool();
    const app = await systemRoutes({ pool, jobCounts: () => Promise.reject(new Error('database unreachable')) });
    const response = await app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).not.toContain('souk_jobs{');
    await app.close();
    await pool.end();
  });

  it('/metrics without METRICS_TOKEN is not found from other machines or through a proxy', async () => {
    expect((await ctx.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    const proxied = await ctx.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(404);
  });

  it('/metrics with METRICS_TOKEN wants it as a bearer token, from anywhere', async () => {
    const pool = unreachablePool();
    const app = await systemRoutes({ pool, metricsToken: 'a-long-metrics-token-for-tests' });
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    const wrong = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer a-long-metrics-token-for-test' },
    });
    expect(wrong.statusCode).toBe(404);
    const right = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer a-long-metrics-token-for-tests' },
    });
    expect(right.statusCode).toBe(200);
    await app.close();
    await pool.end();
  });
});

describe('security headers', () => {
  it('sends a script policy (a nonce only on pages) and a permissions policy that allows only camera, microphone and location', async () => {
    const response = await ctx.app.inject('/healthz');
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const policy = String(response.headers['permissions-policy']);
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=(self)');
    expect(policy).toContain('geolocation=(self)');
    expect(policy).toContain('payment=()');
    expect(policy).toContain('usb=()');
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    expect((await ctx.app.inject('/healthz')).headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp({ PUBLIC_URL: 'https://souk.example' });
    const response = await secure.app.inject('/healthz');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('private answers are never stored: signed-in API answers and every sign-in route', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { user_email: 'user04@souk.test', user_password: 'souk-demo-2026', privacy: 'on' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const token = login.json().data.token as string;
    const cookie = login.cookies.find((item) => item.name.endsWith('session_token'));

    const withToken = await ctx.app.inject({ url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(withToken.headers['cache-control']).toBe('no-store');
    const withCookie = await ctx.app.inject({
      url: '/api/v1/categories',
      headers: { cookie: `${cookie?.name}=${cookie?.value}` },
    });
    expect(withCookie.headers['cache-control']).toBe('no-store');
    expect((await ctx.app.inject('/api/v1/auth/session')).headers['cache-control']).toBe('no-store');
    // A visitor's public list may be cached.
    expect((await ctx.app.inject('/api/v1/categories')).headers['cache-control']).not.toBe('no-store');
  });
});

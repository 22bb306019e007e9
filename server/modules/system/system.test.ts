import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});

describe('operations endpoints', () => {
  it('/healthz answers while the process lives', async () => {
    const response = await ctx.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database', async () => {
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('/metrics exposes Prometheus metrics including request durations', async () => {
    await ctx.app.inject('/api/v1/categories');
    const response = await ctx.app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/categories",status_code="200"\} \d+/,
    );
  });

  it('sends security headers with a script nonce policy', async () => {
    const response = await ctx.app.inject('/healthz');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createJobQueue } from '../kernel/jobs-pg-boss.ts';
import { signInDemoUser } from '../testing/app.ts';
import { buildWebAppIfNeeded } from '../testing/process.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** Page requests (React Router behind Fastify), on the built web app. */
buildWebAppIfNeeded();
const SITE = 'http://localhost:3000';
const FOREIGN = 'https://evil.example';
const FOREIGN_WRITES: Array<Record<string, string>> = [{ origin: FOREIGN }, { 'sec-fetch-site': 'cross-site' }];

const ctx = useTestApp({ web: true });

const sessionCookie = async () => (await signInDemoUser(ctx.app, 'user05@souk.test')).cookie;

async function signedInUser(cookie: string) {
  const session = await ctx.app.inject({ url: '/api/v1/auth/session', headers: { cookie } });
  return session.json().data.user_id as string;
}

const formPost = (url: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'user_email=user05%40souk.test&user_password=souk-demo-2026&privacy=on',
  });

describe('page actions come from this site only', () => {
  it('refuses a form post that says only Sec-Fetch-Site: cross-site (no Origin)', async () => {
    const response = await formPost('/login', { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.some((cookie) => cookie.name.endsWith('session_token'))).toBe(false);
    expect((await formPost('/contact', { 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
  });

  it('refuses a form post from a foreign Origin', async () => {
    expect((await formPost('/login', { origin: FOREIGN })).statusCode).toBe(403);
  });

  it('lets this site post its forms', async () => {
    const response = await formPost('/login', { origin: SITE, 'sec-fetch-site': 'same-origin' });
    expect(response.statusCode).not.toBe(403);
  });
});

describe('logout checks where it comes from', () => {
  it('the logout page refuses another site and keeps the session; this site signs out', async () => {
    const cookie = await sessionCookie();
    for (const headers of FOREIGN_WRITES) {
      expect((await formPost('/logout', { cookie, ...headers })).statusCode).toBe(403);
    }
    expect(await signedInUser(cookie)).toBe('demo-user-05');
    const own = await formPost('/logout', { cookie, origin: SITE, 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(302);
    expect(await signedInUser(cookie)).toBe('nologinuser');
  });

  it('the API logout refuses another site and keeps the session', async () => {
    const cookie = await sessionCookie();
    for (const headers of FOREIGN_WRITES) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { cookie, ...headers },
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await signedInUser(cookie)).toBe('demo-user-05');
  });

  it('signed-in pages are never stored', async () => {
    const cookie = await sessionCookie();
    expect((await ctx.app.inject({ url: '/', headers: { cookie } })).headers['cache-control']).toBe('no-store');
  });
});

const NOWHERE = 'postgres://souk:x@127.0.0.1:1/none';

describe('page errors', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  const pool = new pg.Pool({ connectionString: NOWHERE });
  afterAll(async () => {
    await app?.close();
    await pool.end();
  });

  it('a failing loader is logged as one JSON line with the error serialized', async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souk-page-errors-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir });
    // No database behind the pool: every loader that reads fails (and the job queue is never started).
    const jobs = createJobQueue({ pool, connectionString: NOWHERE, logger: { warn() {}, error() {} } });
    app = await buildApp({ config, database: { db: drizzle(pool), pool }, jobs, web: true, logStream });
    const response = await app.inject('/blog?lang=en');
    expect(response.statusCode).toBe(500);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const pageError = logged.find((entry) => entry.msg === 'page error');
    expect(pageError).toMatchObject({ level: 50, url: '/blog', err: { message: expect.any(String) } });
    expect(String((pageError?.err as { stack?: string } | undefined)?.stack)).toContain('\n');
  });
});

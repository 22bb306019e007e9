import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Clock } from '../kernel/clock.ts';
import { createJobQueue } from '../kernel/jobs-pg-boss.ts';
import { closeWhenFileEnds } from './cleanup.ts';
import { createTestDatabase, fromGlobalSetup } from './database.ts';
import { allJobsDone, watchJobQueue } from './jobs.ts';

/**
 * The API (no web pages unless `web` is set: that needs `npm run build` first) on a database of its own,
 * for `app.inject` requests. `env` adds configuration (SMTP_URL, provider settings); each app gets its own
 * data folder (outbox, auth secret) and runs its job workers, so mail and SMS arrive a moment after the
 * request that queued them: the readers in mail-catcher.ts wait for them.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { web?: boolean; clock?: Clock } = {}) {
  const database = await createTestDatabase();
  const uploadsDir = fromGlobalSetup('uploadsDir');
  const dataDir = mkdtempSync(path.join(uploadsDir, 'app-'));
  // No visitor or personal cache unless a test asks: most tests change rows (some by SQL) and read them back
  // at once, and a change made by SQL reaches the caches a moment later.
  const loaded = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PAGE_CACHE_SECONDS: '0',
    PERSONAL_CACHE_SECONDS: '0',
    ...env,
  });
  const config = { ...loaded, uploadsDir };
  // Short polls: a retry in a test is picked up half a second after its delay.
  const jobs = createJobQueue({
    pool: database.pool,
    connectionString: database.url,
    logger: pino({ level: config.LOG_LEVEL }),
    pollSeconds: 0.5,
    runWorkers: config.JOB_WORKERS,
  });
  closeWhenFileEnds(() => jobs.stop());
  watchJobQueue(jobs);
  const app = await buildApp({
    ...{ config, database, jobs, web: options.web ?? false },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  closeWhenFileEnds(() => app.close());
  await jobs.start();
  return { app, database, config, jobs, jobsDone: () => allJobsDone(jobs) };
}

/** Signs a seeded demo user in through the API: the bearer token for API calls and the cookie for pages. */
export async function signInDemoUser(app: FastifyInstance, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { user_email: email, user_password: 'souk-demo-2026', privacy: 'on' },
  });
  if (response.statusCode !== 200) throw new Error(`${email} could not sign in: ${response.body}`);
  const session = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
  return { token: response.json().data.token as string, cookie: `${session?.name}=${session?.value}` };
}

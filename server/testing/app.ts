import { afterAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from './database.ts';

/** The API (no web pages) on a database of its own, for `app.inject` requests. */
export async function createTestApp() {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: inject('uploadsDir') });
  const app = await buildApp({ config: { ...config, uploadsDir: inject('uploadsDir') }, database, web: false });
  await app.ready();
  afterAll(() => app.close());
  return { app, database };
}

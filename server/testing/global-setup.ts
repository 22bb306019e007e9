import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createPool, migrateDatabase } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedAll } from '../db/seed/seed.ts';

/**
 * Starts one PostgreSQL for the whole run (embedded, or the server named by TEST_DATABASE_URL), builds a
 * migrated and seeded template database, and tells the test files where it is. Each test file then
 * copies the template into a database of its own (server/testing/database.ts), so files run in parallel.
 */
export default async function setup(project: TestProject) {
  const logger = pino({ level: 'warn' });
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-test-'));
  const uploadsDir = path.join(workDir, 'uploads');
  const external = process.env.TEST_DATABASE_URL;
  const embedded = external ? undefined : await startEmbeddedPostgres({ dataDir: path.join(workDir, 'data'), logger });
  const serverUrl = external ?? embedded?.url ?? '';
  const templateName = `souk_template_${process.pid}`;

  await runAdmin(serverUrl, `create database ${templateName}`);
  const templatePool = createPool(withDatabase(serverUrl, templateName), 2, logger);
  await migrateDatabase(templatePool, (db) =>
    seedAll(db, {
      uploadsDir,
      logger,
      credentials: { adminEmail: 'admin@souk.test', adminPassword: 'souk-admin-2026', userPassword: 'souk-demo-2026' },
    }),
  );
  await templatePool.end();

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', templateName);
  project.provide('uploadsDir', uploadsDir);

  return async () => {
    await runAdmin(serverUrl, `drop database if exists ${templateName} with (force)`).catch(() => undefined);
    await embedded?.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  };
}

export async function runAdmin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function withDatabase(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
    uploadsDir: string;
  }
}

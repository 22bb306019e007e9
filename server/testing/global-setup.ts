import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createPool, migrateDatabase } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedAll } from '../db/seed/seed.ts';
import { installJobQueueSchema } from '../kernel/jobs-pg-boss.ts';

/** The accounts of the template: the admin, and the demo users userNN@souk.test (numbered from 01). */
export const SEED_CREDENTIALS = {
  adminEmail: 'admin@souk.test',
  adminPassword: 'souk-admin-2026',
  userPassword: 'souk-demo-2026',
};

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
  const databasePrefix = runDatabasePrefix();
  const templateName = `${databasePrefix}template`;

  const teardown = async () => {
    await dropRunDatabases(serverUrl, databasePrefix);
    await embedded?.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  };

  try {
    await createTemplate(serverUrl, templateName, uploadsDir, logger);
  } catch (error) {
    await teardown().catch(() => undefined);
    throw error;
  }

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', templateName);
  project.provide('databasePrefix', databasePrefix);
  project.provide('uploadsDir', uploadsDir);
  // Test files delete listings and so their demo photos from the shared uploads folder: what the seed wrote is
  // taken down before any of them runs.
  project.provide('seededUploads', await filesUnder(uploadsDir));

  return teardown;
}

async function createTemplate(serverUrl: string, templateName: string, uploadsDir: string, logger: pino.Logger) {
  await runAdmin(serverUrl, `create database ${templateName}`);
  const templatePool = createPool(withDatabase(serverUrl, templateName), 2, logger);
  try {
    await migrateDatabase(templatePool, (db) =>
      seedAll(db, {
        uploadsDir,
        logger,
        credentials: SEED_CREDENTIALS,
      }),
    );
    // The seeded accounts are minutes old: as an operator with mature accounts would, the template turns off the
    // rules for new accounts; the tests of those rules turn them on.
    await templatePool.query('update app_settings set first_listings_reviewed = 0, new_account_listings_per_day = 0');
  } finally {
    await templatePool.end();
  }
  // In the template, so each test file's copy starts its job queue without creating tables.
  await installJobQueueSchema(withDatabase(serverUrl, templateName));
}

/**
 * Every database of one run starts with this prefix (`souk_test_<run>_`): the template and each file's
 * copy. The end of the run drops them all by it, so a file that crashed still leaves nothing behind on an
 * external server, and two runs sharing that server never drop each other's databases.
 */
export function runDatabasePrefix() {
  return `souk_test_${randomBytes(4).toString('hex')}_`;
}

/** Drops the databases whose names start with `prefix` (and only those), closing their connections. */
export async function dropRunDatabases(serverUrl: string, prefix: string) {
  for (const name of await databaseNames(serverUrl, prefix)) {
    await runAdmin(serverUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  }
}

/** The databases on the server whose names start with `prefix`. */
export async function databaseNames(serverUrl: string, prefix: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [prefix],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
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

/** Every file under `folder`, as paths relative to it. */
async function filesUnder(folder: string) {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
    databasePrefix: string;
    uploadsDir: string;
    seededUploads: string[];
  }
}

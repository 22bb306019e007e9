import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pino from 'pino';
import { inject } from 'vitest';
import type { Database } from '../db/database.ts';
import { createPool } from '../db/database.ts';
import * as schema from '../db/schema/index.ts';
import { closeWhenFileEnds } from './cleanup.ts';
import { runAdmin, withDatabase } from './global-setup.ts';

/** A fresh copy of the seeded template database for one test file, dropped when the file ends. */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = inject('databaseServerUrl');
  const name = `${inject('databasePrefix')}${randomBytes(6).toString('hex')}`;
  await runAdmin(serverUrl, `create database ${name} template ${inject('templateDatabase')}`);
  const url = withDatabase(serverUrl, name);
  const pool = createPool(url, 4, pino({ level: 'silent' }));
  const database: Database = {
    db: drizzle(pool, { schema }),
    pool,
    url,
    isEmbedded: false,
    isAlive: () => true,
    onFailure: () => undefined,
    async close() {
      await pool.end();
      await runAdmin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
  closeWhenFileEnds(() => database.close());
  return database;
}

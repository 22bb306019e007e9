import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pino from 'pino';
import { inject, type ProvidedContext } from 'vitest';
import type { Database } from '../db/database.ts';
import { createPool } from '../db/database.ts';
import { closeWhenFileEnds } from './cleanup.ts';
import { runAdmin, withDatabase } from './global-setup.ts';

/**
 * What the global setup of the database project provides. The pure project has no global setup, so there
 * `inject` answers undefined: a file there that reaches for the database fails here, saying why.
 */
export function fromGlobalSetup<Key extends keyof ProvidedContext>(key: Key): ProvidedContext[Key] {
  const value = inject(key);
  if (value === undefined) {
    throw new Error('this test needs the database project: name it *.test.ts, not *.unit.test.ts');
  }
  return value;
}

/** A fresh copy of the seeded template database for one test file, dropped when the file ends. */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = fromGlobalSetup('databaseServerUrl');
  const name = `${fromGlobalSetup('databasePrefix')}${randomBytes(6).toString('hex')}`;
  await runAdmin(serverUrl, `create database ${name} template ${fromGlobalSetup('templateDatabase')}`);
  const url = withDatabase(serverUrl, name);
  const pool = createPool(url, 4, pino({ level: 'silent' }));
  const database: Database = {
    db: drizzle(pool),
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

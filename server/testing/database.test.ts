import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { closeEverythingOpened } from './cleanup.ts';
import { createTestDatabase } from './database.ts';
import {
  databaseNames as databaseNamesOn,
  dropRunDatabases,
  runAdmin,
  runDatabasePrefix,
  withDatabase,
} from './global-setup.ts';

const serverUrl = inject('databaseServerUrl');

const databaseNames = (prefix: string) => databaseNamesOn(serverUrl, prefix);

describe('test databases', () => {
  it('are named by the run, and dropped with the apps closed when the file ends', async () => {
    const database = await createTestDatabase();
    const name = new URL(database.url).pathname.slice(1);
    expect(name.startsWith(inject('databasePrefix'))).toBe(true);
    expect(await databaseNames(name)).toEqual([name]);

    await closeEverythingOpened();
    expect(await databaseNames(name)).toEqual([]);
  });

  it("the end of a run drops that run's databases and no other run's", async () => {
    const thisRun = runDatabasePrefix();
    const otherRun = runDatabasePrefix();
    for (const name of [`${thisRun}template`, `${thisRun}abc`, `${otherRun}abc`]) {
      await runAdmin(serverUrl, `create database ${name}`);
    }
    const stillOpen = new pg.Client({ connectionString: withDatabase(serverUrl, `${thisRun}abc`) });
    await stillOpen.connect();
    stillOpen.on('error', () => undefined);

    await dropRunDatabases(serverUrl, thisRun);
    expect(await databaseNames(thisRun)).toEqual([]);
    expect(await databaseNames(otherRun)).toEqual([`${otherRun}abc`]);

    await dropRunDatabases(serverUrl, otherRun);
    await stillOpen.end().catch(() => undefined);
  });
});

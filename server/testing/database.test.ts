import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { closeEverythingOpened } from './cleanup.ts';
import { createTestDatabase } from './database.ts';
import { dropRunDatabases, runAdmin, runDatabasePrefix, withDatabase } from './global-setup.ts';

const serverUrl = inject('databaseServerUrl');

async function databaseNames(prefix: string) {
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

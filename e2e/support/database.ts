import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * The journeys' database: the embedded PostgreSQL the app under test started in its data folder
 * (playwright.config.ts: data/e2e-<port>), found by the password file the app keeps there and the port
 * PostgreSQL writes in postmaster.pid. For arranging what no API can (more rows than a page holds); a test
 * that adds rows removes them again.
 */
export async function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = `data/e2e-${process.env.E2E_PORT}`;
  const password = readFileSync(`${dataDir}/postgres.password`, 'utf8').trim();
  // postmaster.pid: pid, data folder, start time, port, ... one a line.
  const port = Number(readFileSync(`${dataDir}/postgres/postmaster.pid`, 'utf8').split('\n')[3]);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'souk' });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

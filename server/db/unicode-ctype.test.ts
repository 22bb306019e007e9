import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

const logger = pino({ level: 'silent' });
let dataDir = '';

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function query<Row extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Several statements answer one result each: the last one's rows.
    const result: pg.QueryResult<Row> | Array<pg.QueryResult<Row>> = await client.query<Row>(text);
    return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Row[];
  } finally {
    await client.end();
  }
}

it('moves a data folder made with the C ctype to the Unicode one once, rebuilding its text columns and indexes', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'souk-ctype-'));
  const first = await startEmbeddedPostgres({ dataDir, logger });
  try {
    // A folder of before: the database's ctype C, a stored tsvector and a trigram index computed under it.
    await query(
      first.url.replace(/\/souk$/, '/postgres'),
      `update pg_database set datctype = 'C' where datname = 'souk'`,
    );
    await query(
      first.url,
      `create extension if not exists pg_trgm;
       create table words (word text, document tsvector generated always as (to_tsvector('simple', word)) stored);
       create index words_trgm_idx on words using gin (word gin_trgm_ops);
       insert into words (word) select 'مرسيدس ' || n from generate_series(1, 500) n;`,
    );
    const [before] = await query<{ trigrams: string }>(first.url, `select show_trgm('مرسيدس')::text as trigrams`);
    expect(before?.trigrams).toBe('{}');
  } finally {
    await first.stop();
  }

  const second = await startEmbeddedPostgres({ dataDir, logger });
  try {
    const [database] = await query<{ ctype: string; note: string | null }>(
      second.url,
      `select datctype as ctype, shobj_description(oid, 'pg_database') as note from pg_database where datname = 'souk'`,
    );
    expect(database?.note).toBeNull();
    expect(database?.ctype).toMatch(/^C\.utf-?8$/i);
    const found = await query<{ n: number }>(
      second.url,
      `set enable_seqscan = off; select count(*)::int as n from words where word % 'مرسدس 1'`,
    );
    expect(found[0]?.n).toBeGreaterThan(0);
  } finally {
    await second.stop();
  }
});

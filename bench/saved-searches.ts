/**
 * Saved-search matching benchmark (issue 22 point 5): with 100,000 saved searches of a realistic mix
 * (server/testing/saved-search-bulk.ts: words in Arabic and English from the listings' own dictionary,
 * categories, subcategories, price bounds, map circles, cities), matching one new listing must cost at most
 * twice that listing's own insert. Both are timed one after the other on the same connection pool, for many
 * listings copied from the demo listings into random subcategories, townships and prices; the figures are
 * medians (and p95) after a warm-up. The plan of one matching query is printed with its buffers.
 *
 *   npm run bench:saved-searches     BENCH_SAVED (100000) saved searches; BENCH_LISTINGS (300) timed
 *                                    listings; DATASET_URL: an outside PostgreSQL instead of an embedded one
 *
 * Starts an embedded PostgreSQL in a temporary folder (removed at the end), runs the migrations and the demo
 * seed, then the dictionary of words (search_words) the saved searches draw their words from.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/database.ts';
import { seedOnStart } from '../server/db/seed/index.ts';
import { seededRandom } from '../server/db/seed/random.ts';
import { EventBus } from '../server/kernel/events.ts';
import { rebuildSearchWords } from '../server/modules/search/index.ts';
import { matchingSearchesQuery, matchSavedSearches } from '../server/modules/search/saved-search-matching.ts';
import { insertSavedSearches } from '../server/testing/saved-search-bulk.ts';
import { median } from './server.ts';

const SAVED = Number(process.env.BENCH_SAVED ?? 100_000);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 300);
const WARM_UP = 30;
/** Issue 22: matching one listing costs at most this many times its insert. */
const TARGET_RATIO = 2;

const log = (line: string) => process.stdout.write(`${line}\n`);

type Database = Awaited<ReturnType<typeof openDatabase>>;

interface Places {
  templates: string[];
  subcategories: Array<{ catId: number; subCatId: number }>;
  townships: Array<{ cityId: number; townshipId: number; lat: number; lng: number }>;
  columns: string[];
}

async function placesOf(database: Database): Promise<Places> {
  const { db } = database;
  const templates = await db.execute<{ id: string }>(
    sql`select id from items where status = 1 and deleted_at is null and seller_public order by id`,
  );
  const subcategories = await db.execute<{ cat_id: number; id: number }>(sql`select cat_id, id from subcategories`);
  const townships = await db.execute<{ city_id: number; id: number; lat: number; lng: number }>(
    sql`select city_id, id, lat, lng from location_townships`,
  );
  const columns = await db.execute<{ column_name: string }>(sql`
    select column_name from information_schema.columns
    where table_name = 'items' and is_generated = 'NEVER' and coalesce(identity_generation, '') <> 'ALWAYS'
    order by ordinal_position`);
  return {
    templates: templates.rows.map((row) => row.id),
    subcategories: subcategories.rows.map((row) => ({ catId: row.cat_id, subCatId: row.id })),
    townships: townships.rows.map((row) => ({ cityId: row.city_id, townshipId: row.id, lat: row.lat, lng: row.lng })),
    columns: columns.rows.map((row) => row.column_name),
  };
}

/** A new public listing's row: a demo listing's text in another subcategory, township and price. */
async function newListingRow(database: Database, places: Places, draw: ReturnType<typeof seededRandom>, n: number) {
  const template = draw.pick(places.templates);
  const sub = draw.pick(places.subcategories);
  const town = draw.pick(places.townships);
  if (!template || !sub || !town) throw new Error('the demo data has no listings, subcategories or townships');
  const result = await database.db.execute<{ row: Record<string, unknown> }>(
    sql`select to_jsonb(i) as row from items i where id = ${template}`,
  );
  return {
    ...result.rows[0]?.row,
    id: crypto.randomUUID(),
    slug: `bench-saved-${n}-${Date.now()}`,
    cat_id: sub.catId,
    sub_cat_id: sub.subCatId,
    item_location_id: town.cityId,
    item_location_township_id: town.townshipId,
    lat: town.lat + (draw.next() - 0.5) * 0.1,
    lng: town.lng + (draw.next() - 0.5) * 0.1,
    price: String(draw.int(1, 400) * 50),
    added_date: new Date().toISOString(),
  };
}

interface Sample {
  insertMs: number;
  matchMs: number;
  matches: number;
}

/** One listing: its insert (one statement, committed), then its matching (one transaction), each timed. */
async function measureOne(database: Database, places: Places, bus: EventBus, row: Record<string, unknown>) {
  const columns = sql.raw(places.columns.map((column) => `"${column}"`).join(', '));
  const started = performance.now();
  await database.db.execute(
    sql`insert into items (${columns}) select ${columns} from jsonb_populate_record(null::items, ${JSON.stringify(row)}::jsonb)`,
  );
  const inserted = performance.now();
  const matches = await matchSavedSearches(database.db, bus, String(row.id));
  const matched = performance.now();
  return { insertMs: inserted - started, matchMs: matched - inserted, matches: matches.length };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

async function printPlan(database: Database, itemId: string) {
  const query = new PgDialect().sqlToQuery(matchingSearchesQuery(itemId));
  const plan = await database.pool.query(`explain (analyze, buffers, costs off) ${query.sql}`, query.params);
  log('\nPlan of the matching query for one listing (EXPLAIN ANALYZE, BUFFERS; join filters left out):');
  for (const row of plan.rows as Array<{ 'QUERY PLAN': string }>) {
    const line = row['QUERY PLAN'];
    if (!/^\s*(Join Filter|Filter|Recheck Cond|Storage|Index Searches|Group Key|Batches):/.test(line)) log(line);
  }
}

async function run(database: Database) {
  const { db } = database;
  log('dictionary of words (search_words) ...');
  await rebuildSearchWords(db);
  const savedStarted = performance.now();
  await insertSavedSearches(db, SAVED);
  log(`${SAVED.toLocaleString('en')} saved searches in ${((performance.now() - savedStarted) / 1000).toFixed(1)} s`);
  await db.execute(sql`vacuum analyze saved_searches`);
  const mix = await db.execute<{ anchor: string; n: number }>(
    sql`select anchor, count(*)::int as n from saved_searches group by anchor order by anchor`,
  );
  log(`mix: ${mix.rows.map((row) => `${row.anchor} ${row.n}`).join(', ')}`);
  const places = await placesOf(database);
  const bus = new EventBus(pino({ level: 'silent' }));
  const draw = seededRandom(20261129);
  const samples: Sample[] = [];
  let last = '';
  for (let n = 0; n < WARM_UP + LISTINGS; n++) {
    const row = await newListingRow(database, places, draw, n);
    const sample = await measureOne(database, places, bus, row);
    if (n >= WARM_UP) samples.push(sample);
    last = String(row.id);
  }
  report(samples);
  await printPlan(database, last);
}

function report(samples: Sample[]) {
  const inserts = samples.map((sample) => sample.insertMs);
  const matching = samples.map((sample) => sample.matchMs);
  const matches = samples.map((sample) => sample.matches);
  const ratio = median(matching) / median(inserts);
  log(
    `\n${samples.length} listings, ${SAVED.toLocaleString('en')} saved searches, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  log('| what | median ms | p95 ms |');
  log('|---|---:|---:|');
  log(`| the listing's insert | ${median(inserts).toFixed(3)} | ${percentile(inserts, 0.95).toFixed(3)} |`);
  log(
    `| its matching (query, stored matches, events) | ${median(matching).toFixed(3)} | ${percentile(matching, 0.95).toFixed(3)} |`,
  );
  log(`matches per listing: median ${median(matches)}, p95 ${percentile(matches, 0.95)}, max ${Math.max(...matches)}`);
  const verdict = ratio <= TARGET_RATIO ? 'met' : 'MISSED';
  log(`matching / insert (medians): ${ratio.toFixed(2)} (target <= ${TARGET_RATIO}: ${verdict})`);
  if (ratio > TARGET_RATIO) process.exitCode = 1;
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-bench-saved-'));
  const logger = pino({ level: 'warn' });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: process.env.DATASET_URL,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
  });
  log(`data folder: ${dir}`);
  const database = await openDatabase(config, logger);
  try {
    await migrateDatabase(database.pool, (db) => seedOnStart(db, config, logger));
    await run(database);
  } finally {
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();

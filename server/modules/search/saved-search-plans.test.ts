import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertSavedSearches } from '../../testing/saved-search-bulk.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { rebuildSearchWords } from './index.ts';
import { matchingSearchesQuery } from './saved-search-matching.ts';

/**
 * Issue 22 point 5: matching a listing reads the saved searches that could match it, never all of them. The
 * table grows to SAVED saved searches of a realistic mix (testing/saved-search-bulk.ts); for public listings of
 * the demo data, the plan of the matching query must read saved_searches only through its anchor indexes, and
 * read (as EXPLAIN ANALYZE counts) a small share of the table.
 */
const test = useTestApp();

const SAVED = 30_000;
/** The share of the table one listing's candidates may come to (the words of a long description included). */
const MOST_READ_SHARE = 0.1;
const ANCHOR_INDEXES = [
  'saved_searches_words_idx',
  'saved_searches_place_idx',
  'saved_searches_category_idx',
  'saved_searches_location_idx',
  'saved_searches_any_idx',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

const dialect = new PgDialect();

async function planOf(itemId: string) {
  const query = dialect.sqlToQuery(matchingSearchesQuery(itemId));
  const result = await test.database.pool.query(`explain (analyze, format json) ${query.sql}`, query.params);
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(result.rows[0]['QUERY PLAN'][0].Plan);
  if (process.env.SHOW_PLAN) {
    const text = await test.database.pool.query(`explain (analyze) ${query.sql}`, query.params);
    console.log(text.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  return nodes;
}

describe(`matching one listing against ${SAVED.toLocaleString('en')} saved searches`, () => {
  let listings: string[] = [];

  beforeAll(async () => {
    await rebuildSearchWords(test.db);
    await insertSavedSearches(test.db, SAVED);
    const result = await test.db.execute<{ id: string }>(sql`
      select id from items where status = 1 and deleted_at is null and seller_public and lat is not null
      order by added_date desc limit 5`);
    listings = result.rows.map((row) => row.id);
    expect(listings.length).toBeGreaterThan(0);
  }, 300_000);

  it('reads saved_searches only through the anchor indexes, and only a small share of it', async () => {
    for (const itemId of listings) {
      const nodes = await planOf(itemId);
      const onSaved = nodes.filter((node) => node['Relation Name'] === 'saved_searches');
      expect(
        onSaved.filter((node) => node['Node Type'] === 'Seq Scan'),
        'a scan of every saved search',
      ).toEqual([]);
      const indexes = new Set(nodes.map((node) => node['Index Name']).filter(Boolean));
      for (const index of ANCHOR_INDEXES) expect(indexes, index).toContain(index);
      const read = nodes
        .filter((node) => node['Index Name'] && ANCHOR_INDEXES.includes(node['Index Name']))
        .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);
      expect(read, `candidates of ${itemId}`).toBeLessThan(SAVED * MOST_READ_SHARE);
    }
  });
});

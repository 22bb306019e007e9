import { getTableName, isTable, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../testing/database.ts';
import type { Database } from '../database.ts';
import * as schema from '../schema/index.ts';
import { seedAll } from './seed.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const tableNames = Object.values(schema)
  .filter((value) => isTable(value))
  .map((table) => getTableName(table));

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const name of tableNames) {
    const result = await database.pool.query(`select count(*)::int as n from "${name}"`);
    counts[name] = result.rows[0].n;
  }
  return counts;
}

describe('migrations', () => {
  it('create every table of the data model', async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const existing = result.rows.map((row) => row.table_name);
    expect(tableNames.length).toBeGreaterThanOrEqual(50);
    expect(existing).toEqual(expect.arrayContaining(tableNames));
  });
});

describe('demo data', () => {
  it('is realistic: categories with subcategories, cities with townships, about 200 active items with photos', async () => {
    const counts = await rowCounts();
    expect(counts.categories).toBeGreaterThanOrEqual(10);
    expect(counts.subcategories).toBeGreaterThanOrEqual(50);
    expect(counts.item_locations).toBeGreaterThanOrEqual(10);
    expect(counts.location_townships).toBeGreaterThanOrEqual(40);
    expect(counts.items).toBe(200);
    expect(counts.images).toBeGreaterThanOrEqual(200);
    expect(counts.blogs).toBeGreaterThanOrEqual(3);
    const admins = await database.pool.query('select user_email from users where user_is_sys_admin');
    expect(admins.rows).toEqual([{ user_email: 'admin@souk.test' }]);
    const withoutPhoto = await database.pool.query(
      `select count(*)::int as n from items i where not exists (select 1 from images m where m.img_parent_id = i.id::text and m.img_type = 'item')`,
    );
    expect(withoutPhoto.rows[0].n).toBe(0);
    const spread = await database.pool.query('select count(distinct item_location_id)::int as n from items');
    expect(spread.rows[0].n).toBeGreaterThanOrEqual(10);
  });

  it('can be seeded again without duplicating anything', async () => {
    const before = await rowCounts();
    await seedAll(database.db, {
      uploadsDir: inject('uploadsDir'),
      logger: pino({ level: 'silent' }),
      credentials: { adminEmail: 'admin@souk.test', adminPassword: 'souk-admin-2026', userPassword: 'souk-demo-2026' },
    });
    expect(await rowCounts()).toEqual(before);
  });
});

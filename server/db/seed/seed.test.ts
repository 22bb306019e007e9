import path from 'node:path';
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

  it('gives every item 2 to 5 photos with thumbnails, and 8 items a playable clip with its poster', async () => {
    const seeded = new Set(inject('seededUploads'));
    const exists = (file: string) => seeded.has(path.normalize(file));
    const photos = await database.pool.query<{ n: number }>(
      `select count(m.img_id)::int as n from items i left join images m on m.img_parent_id = i.id::text and m.img_type = 'item' group by i.id`,
    );
    const perItem = photos.rows.map((row) => row.n);
    expect(Math.min(...perItem)).toBe(2);
    expect(Math.max(...perItem)).toBe(5);
    const paths = await database.pool.query<{ img_path: string; img_type: string }>(
      `select distinct img_path, img_type from images where img_type in ('item', 'video', 'video-icon')`,
    );
    for (const row of paths.rows) {
      expect(exists(row.img_path), row.img_path).toBe(true);
      if (row.img_type !== 'video') {
        expect(exists(path.join('thumbnail3x', row.img_path)), row.img_path).toBe(true);
      }
    }
    const videos = await database.pool.query(
      `select v.img_path as video, p.img_path as poster from images v
       join images p on p.img_parent_id = v.img_parent_id and p.img_type = 'video-icon'
       where v.img_type = 'video'`,
    );
    expect(videos.rows).toHaveLength(8);
    for (const row of videos.rows) expect(row.video).toMatch(/^demo\/videos\/clip-\d\.mp4$/);
  });

  it('turns admin approval on, with pending, rejected (with a reason), disabled and sold items of the first users', async () => {
    const settings = await database.pool.query('select is_item_approval_enabled from app_settings');
    expect(settings.rows).toEqual([{ is_item_approval_enabled: true }]);
    const states = await database.pool.query<{ status: number; sold: boolean; n: number; reasons: number }>(
      `select status, is_sold_out as sold, count(*)::int as n, count(reject_reason)::int as reasons
       from items group by status, is_sold_out order by status, is_sold_out`,
    );
    expect(states.rows).toEqual([
      { status: 0, sold: false, n: 8, reasons: 0 },
      { status: 1, sold: false, n: 179, reasons: 0 },
      { status: 1, sold: true, n: 6, reasons: 0 },
      { status: 2, sold: false, n: 3, reasons: 3 },
      { status: 3, sold: false, n: 4, reasons: 4 },
    ]);
    const user01 = await database.pool.query<{ status: number }>(
      `select distinct i.status from items i join users u on u.id = i.added_user_id where u.user_email = 'user01@souk.test'`,
    );
    expect(user01.rows.map((row) => row.status).sort()).toEqual([0, 1, 2, 3]);
    const decisions = await database.pool.query(
      'select decision, count(*)::int as n from item_decisions group by 1 order by 1',
    );
    expect(decisions.rows).toEqual([
      { decision: 'disable', n: 3 },
      { decision: 'reject', n: 4 },
    ]);
  });

  it('fills the vehicle details of cars, motorcycles and trucks', async () => {
    const missing = await database.pool.query(
      `select i.title from items i join subcategories s on s.id = i.sub_cat_id
       where s.slug in ('cars', 'motorcycles', 'trucks') and (i.manufacturer_id is null or i.model_id is null
         or i.year is null or i.mileage is null or i.transmission_id is null or i.fuel_type_id is null
         or i.color_id is null or i.seller_type_id is null or i.vehicle_type_id is null or i.engine_status_id is null)`,
    );
    expect(missing.rows).toEqual([]);
    const cars = await database.pool.query(
      `select count(*)::int as n from items i join subcategories s on s.id = i.sub_cat_id where s.slug = 'cars'`,
    );
    expect(cars.rows[0].n).toBeGreaterThanOrEqual(20);
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

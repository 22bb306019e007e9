import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES, type SavedSearch, type SavedSearchCreated } from '../../../contract/saved-searches.ts';
import { EventBus } from '../../kernel/events.ts';
import { createServices } from '../../services.ts';
import * as schema from '../../testing/tables.ts';
import { blocks, categories, items, savedSearches, savedSearchMatches, subcategories } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import type { SavedSearchesMatched } from './events.ts';
import { matchSavedSearches } from './saved-search-matching.ts';

const test = useTestApp({ users: [3, 4, 5], admin: true });
const { db, call, token } = test;

const SAVER = 'demo-user-03';
const OTHER = 'demo-user-04';
const SELLER = 'demo-user-06';
const BLOCKED_SELLER = 'demo-user-07';
/** Riyadh; about 10 km north of it; Jeddah. */
const RIYADH = { lat: 24.7136, lng: 46.6753 };
const NORTH = { lat: 24.8, lng: 46.7 };
const JEDDAH = { lat: 21.4858, lng: 39.1925 };

let catId: number;
let sub1: number;
let sub2: number;
let tag: string;
let place: { cityId: number; townshipId: number };
let condition: [number, number];
let transmission: [number, number];
let fuel: [number, number];
let color: [number, number];

async function twoIds(table: typeof schema.itemConditions) {
  const rows = await db.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(2);
  return [rows[0]?.id ?? 0, rows[1]?.id ?? rows[0]?.id ?? 0] as [number, number];
}

beforeAll(async () => {
  tag = randomBytes(4).toString('hex');
  const [category] = await db
    .insert(categories)
    .values({ catName: `Saved ${tag}`, catNameAr: `محفوظ ${tag}`, slug: `saved-${tag}`, names: {} })
    .returning({ id: categories.id });
  catId = category?.id ?? 0;
  const subs = await db
    .insert(subcategories)
    .values([
      { catId, name: `Cars ${tag}`, slug: `saved-cars-${tag}` },
      { catId, name: `Home ${tag}`, slug: `saved-home-${tag}` },
    ])
    .returning({ id: subcategories.id });
  sub1 = subs[0]?.id ?? 0;
  sub2 = subs[1]?.id ?? 0;
  const [township] = await db
    .select({ cityId: schema.locationTownships.cityId, townshipId: schema.locationTownships.id })
    .from(schema.locationTownships)
    .orderBy(asc(schema.locationTownships.id))
    .limit(1);
  place = township ?? { cityId: 0, townshipId: 0 };
  condition = await twoIds(schema.itemConditions);
  transmission = await twoIds(schema.transmissions);
  fuel = await twoIds(schema.fuelTypes);
  color = await twoIds(schema.colors);
  await db.insert(blocks).values({ blockerId: SAVER, blockedId: BLOCKED_SELLER }).onConflictDoNothing();
});

/** A listing straight in the table: public (active, public seller) unless told otherwise. */
async function listing(values: Partial<typeof items.$inferInsert>) {
  const [row] = await db
    .insert(items)
    .values({
      title: 'Something',
      catId,
      subCatId: sub1,
      addedUserId: SELLER,
      status: 1,
      price: '100',
      slug: `saved-${randomBytes(6).toString('hex')}`,
      ...values,
    } as typeof items.$inferInsert)
    .returning({ id: items.id });
  if (!row) throw new Error('no listing');
  return row.id;
}

/** Saves a search through the API as `user` (3 by default). */
async function save(query: Record<string, string | number | boolean>, user = 3) {
  const answer = await call('POST', '/saved-searches', token(user), { cat_id: catId, ...query });
  expect(answer.status, answer.body.message).toBe(201);
  return answer.body.data as unknown as SavedSearchCreated;
}

/** Runs the matching of one listing on a bus that only counts the events it publishes. */
async function matchOf(itemId: string) {
  const bus = new EventBus(pino({ level: 'silent' }));
  const published: SavedSearchesMatched[] = [];
  bus.on('search.savedSearchesMatched', (event) => void published.push(event));
  const matches = await matchSavedSearches(db, bus, itemId);
  return { ids: matches.map((match) => match.savedSearchId), published };
}

async function clearSaved(userId = SAVER) {
  await db.delete(savedSearches).where(eq(savedSearches.userId, userId));
}

describe('saving, listing, deleting', () => {
  it('saves the list’s parameters, answers the same filters with the search kept, lists and deletes it', async () => {
    await clearSaved();
    const created = await save({ search_term: 'Camera', min_price: '10', name: 'My camera', limit: 5 });
    expect(created).toMatchObject({ name: 'My camera', new_match_count: 0, already_saved: false });
    expect(created.query).toEqual({ search_term: 'Camera', cat_id: String(catId), min_price: '10' });
    expect(created.list_path).toBe(`/item-list?search_term=Camera&cat_id=${catId}&min_price=10`);
    const again = await call('POST', '/saved-searches', token(3), {
      min_price: 10,
      search_term: 'Camera',
      cat_id: String(catId),
    });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ id: created.id, already_saved: true });
    expect(again.body.message).toBe('You have already saved this search.');

    const listed = await call('GET', '/saved-searches', token(3));
    expect(listed.status).toBe(200);
    expect((listed.body.data.items as SavedSearch[]).map((entry) => entry.id)).toEqual([created.id]);
    expect((await call('GET', '/saved-searches', token(4))).body.data.items).toEqual([]);

    expect((await call('DELETE', `/saved-searches/${created.id}`, token(4))).status).toBe(404);
    expect((await call('POST', `/saved-searches/${created.id}/seen`, token(4))).status).toBe(404);
    const deleted = await call('DELETE', `/saved-searches/${created.id}`, token(3));
    expect(deleted.status).toBe(200);
    expect((await call('DELETE', `/saved-searches/${created.id}`, token(3))).status).toBe(404);
  });

  it('wants a session, and refuses bad input with a 4xx', async () => {
    expect((await call('GET', '/saved-searches')).status).toBe(401);
    expect((await call('POST', '/saved-searches', undefined, { cat_id: 1 })).status).toBe(401);
    for (const body of [
      { min_price: 10, max_price: 5 },
      { lat: 24 },
      { mile: 5000, lat: 1, lng: 1 },
      { cat_id: 'x' },
      { name: 'x'.repeat(200) },
      { search_term: 'y'.repeat(500) },
      { order_by: 'nonsense' },
    ]) {
      const answer = await call('POST', '/saved-searches', token(3), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('DELETE', '/saved-searches/not-a-uuid', token(3))).status).toBe(400);
    expect((await call('POST', `/saved-searches/${crypto.randomUUID()}/seen`, token(3))).status).toBe(404);
  });

  it('refuses past the most an account may keep, with a translated message', async () => {
    await clearSaved(OTHER);
    await db.insert(savedSearches).values(
      Array.from({ length: MAX_SAVED_SEARCHES }, (_, index) => ({
        userId: OTHER,
        name: `n${index}`,
        query: { max_price: String(index + 1) },
        queryKey: `max_price=${index + 1}`,
        anchor: 'any' as const,
        maxPrice: String(index + 1),
      })),
    );
    const refused = await call('POST', '/saved-searches', token(4), { search_term: 'one more' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one first.`);
    await clearSaved(OTHER);
  });

  it('limits creations per account', async () => {
    let last = 0;
    for (let n = 0; n < 25 && last !== 429; n++) {
      const answer = await call('POST', '/saved-searches', token(5), { max_price: n + 1 });
      last = answer.status;
      await db.delete(savedSearches).where(eq(savedSearches.userId, 'demo-user-05'));
    }
    expect(last).toBe(429);
  });
});

describe('matching a listing', () => {
  it('matches each filter kind, and not when one differs', async () => {
    await clearSaved();
    const cases: Array<[Record<string, string | number | boolean>, Partial<typeof items.$inferInsert>, boolean]> = [
      [{ sub_cat_id: sub2 }, { subCatId: sub2 }, true],
      [{ sub_cat_id: sub2, max_price: 1 }, { subCatId: sub2 }, false],
      [
        { min_price: 50, max_price: 150, condition_of_item_id: condition[0] },
        { conditionOfItemId: condition[0] },
        true,
      ],
      [{ min_price: 150 }, {}, false],
      [
        { condition_of_item_id: condition[1], sub_cat_id: sub1 },
        { conditionOfItemId: condition[0] },
        condition[0] === condition[1],
      ],
      [{ brand: 'تويوتا', sub_cat_id: sub1 }, { brand: 'تويوتا', title: `Brand ${tag}` }, true],
      [
        { item_location_id: place.cityId, item_location_township_id: place.townshipId },
        { itemLocationId: place.cityId, itemLocationTownshipId: place.townshipId },
        true,
      ],
      [{ min_year: 2015, max_year: 2020, max_mileage: 50000 }, { year: 2018, mileage: 40000 }, true],
      [{ min_year: 2019, max_mileage: 50000 }, { year: 2018, mileage: 40000 }, false],
      [{ lat: RIYADH.lat, lng: RIYADH.lng, mile: 10 }, NORTH, true],
      [{ lat: JEDDAH.lat, lng: JEDDAH.lng, mile: 10 }, NORTH, false],
      [{ isPaid: 'only_paid_item', is_sold_out: '0' }, { isPaid: true }, true],
    ];
    for (const [index, [query, values, matches]] of cases.entries()) {
      const saved = await save({ ...query, name: `case ${index}` });
      const itemId = await listing(values);
      const { ids } = await matchOf(itemId);
      expect(ids.includes(saved.id), `case ${index}: ${JSON.stringify(query)}`).toBe(matches);
    }
  });

  it('matches the vehicle filters: transmission, fuel and colour', async () => {
    // Saved by another member: the saver's creations per hour are spent by the case above.
    const vehicle = { transmission_id: transmission[0], fuel_type_id: fuel[0], color_id: color[0] };
    const saved = await save({ ...vehicle, name: 'vehicle' }, 4);
    const same = await listing({ transmissionId: transmission[0], fuelTypeId: fuel[0], colorId: color[0] });
    const otherGearbox = await listing({ transmissionId: transmission[1], fuelTypeId: fuel[0], colorId: color[0] });
    expect((await matchOf(same)).ids).toContain(saved.id);
    expect((await matchOf(otherGearbox)).ids.includes(saved.id)).toBe(transmission[0] === transmission[1]);
  });

  it('matches a listing written with a synonym of the saved word, as the list finds it', async () => {
    await createServices(db, test.config, pino({ level: 'silent' }), test.jobs).search.synonyms.rebuildBuiltIn();
    const saved = await save({ search_term: 'fridge', name: 'fridge' }, 4);
    const arabic = await listing({ title: `ثلاجة سامسونج ${tag}` });
    expect((await matchOf(arabic)).ids).toContain(saved.id);
  });

  it('matches words as the item list does: Arabic spelling variants, prefixes and stems', async () => {
    await clearSaved();
    const arabic = await save({ search_term: 'سياره' });
    const prefix = await save({ search_term: `cam${tag}` });
    const plural = await save({ search_term: `phones ${tag}` });
    const missing = await save({ search_term: `bicycle ${tag}` });
    const itemId = await listing({
      title: `السيّارة cam${tag}era phone ${tag}`,
      description: 'نظيفة',
    });
    const { ids } = await matchOf(itemId);
    expect(ids).toEqual(expect.arrayContaining([arabic.id, prefix.id, plural.id]));
    expect(ids).not.toContain(missing.id);
  });

  it('never matches the saver’s own listing, a blocked seller’s, or one that is not public', async () => {
    await clearSaved();
    const saved = await save({ sub_cat_id: sub1, search_term: `own${tag}` });
    const title = `own${tag} thing`;
    expect((await matchOf(await listing({ title, addedUserId: SAVER }))).ids).toEqual([]);
    expect((await matchOf(await listing({ title, addedUserId: BLOCKED_SELLER }))).ids).toEqual([]);
    expect((await matchOf(await listing({ title, status: 0 }))).ids).toEqual([]);
    expect((await matchOf(await listing({ title, deletedAt: new Date() }))).ids).toEqual([]);
    expect((await matchOf(await listing({ title }))).ids).toEqual([saved.id]);
  });

  it('stores a match once and publishes its event once, however often it runs', async () => {
    await clearSaved();
    const saved = await save({ sub_cat_id: sub2, name: 'Home things' });
    const itemId = await listing({ subCatId: sub2 });
    const first = await matchOf(itemId);
    expect(first.published).toEqual([
      { itemId, matches: [{ userId: SAVER, savedSearchId: saved.id, searchName: 'Home things' }] },
    ]);
    const second = await matchOf(itemId);
    expect(second.published).toEqual([]);
    const rows = await db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, saved.id));
    expect(rows).toHaveLength(1);
  });
});

describe('matching as a follow-up of moderation', () => {
  it('a pending listing matches only once approved, and once however often it is approved', async () => {
    await clearSaved();
    const saved = await save({ sub_cat_id: sub2, search_term: `lamp${tag}` });
    const itemId = await listing({ subCatId: sub2, title: `lamp${tag} for the desk`, status: 0 });
    const count = async () => {
      await test.jobsDone();
      const rows = await db
        .select()
        .from(savedSearchMatches)
        .where(and(eq(savedSearchMatches.savedSearchId, saved.id), eq(savedSearchMatches.itemId, itemId)));
      return rows.length;
    };
    expect(await count()).toBe(0);
    for (let round = 0; round < 2; round++) {
      const approved = await call('POST', `/admin/items/${itemId}/decision`, test.adminToken, { decision: 'approve' });
      expect(approved.status, approved.body.message).toBe(200);
      expect(await count()).toBe(1);
    }
    const listed = await call('GET', '/saved-searches', token(3));
    expect((listed.body.data.items as SavedSearch[])[0]).toMatchObject({ id: saved.id, new_match_count: 1 });
    const seen = await call('POST', `/saved-searches/${saved.id}/seen`, token(3));
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ new_match_count: 0, list_path: expect.stringContaining('/item-list?') });
    const after = await call('GET', '/saved-searches', token(3));
    expect((after.body.data.items as SavedSearch[])[0]?.new_match_count).toBe(0);
    const [kept] = await db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from saved_search_matches where saved_search_id = ${saved.id} and seen_at is not null`,
      )
      .then((result) => result.rows);
    expect(kept?.n).toBe(1);
  });
});

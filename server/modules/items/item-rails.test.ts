import { and, asc, eq, ne } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { createServices } from '../../services.ts';
import { draftUpload, type EntryReferences, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { appSettings, itemLocations, items, subcategories } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/**
 * The item page's rails besides related items (issue 25): the seller's other items, and items like this one in the
 * chosen city (else the item's own). Each test's listings are in subcategories made for it, so the rails hold
 * only them; they are dated after the demo data, so they come first where others may follow.
 */
const test = useTestApp({ users: [5, 6, 7, 8] });
const { db, call, token } = test;
const SELLER = 5;
const NEIGHBOUR = 6;
const BLOCKED_SELLER = 7;
const VIEWER = 8;
const userId = (n: number) => `demo-user-0${n}`;

let refs: EntryReferences;
let services: ReturnType<typeof createServices>;
let homeCity: number;
let otherCity: number;

beforeAll(async () => {
  await db.update(appSettings).set({ listingsPerDay: 0, isItemApprovalEnabled: false });
  refs = await entryReferences(db);
  services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
  homeCity = refs.place.cityId;
  const [city] = await db
    .select({ id: itemLocations.id })
    .from(itemLocations)
    .where(and(eq(itemLocations.status, 1), ne(itemLocations.id, homeCity)))
    .orderBy(asc(itemLocations.id))
    .limit(1);
  if (!city) throw new Error('the seed has one city only');
  otherCity = city.id;
  // VIEWER blocked BLOCKED_SELLER, who blocked NEIGHBOUR: both ways of a block hide that seller's listings.
  await block(VIEWER, BLOCKED_SELLER);
  await block(BLOCKED_SELLER, NEIGHBOUR);
});

async function block(by: number, whom: number) {
  const answer = await call('POST', `/users/${userId(whom)}/block`, token(by), { block: true });
  expect(answer.status, answer.body.message).toBe(200);
}

let subcategoryCount = 0;
async function newSubcategory() {
  subcategoryCount += 1;
  const [row] = await db
    .insert(subcategories)
    .values({ catId: refs.plain.catId, name: `Rails ${subcategoryCount}`, slug: `rails-test-${subcategoryCount}` })
    .returning({ id: subcategories.id });
  if (!row) throw new Error('no subcategory');
  return row.id;
}

let listed = 0;
/** An active listing of demo user `seller`, each newer than the last and than the demo data. */
async function listing(
  seller: number,
  place: { subCatId: number; cityId?: number },
  state: Partial<typeof items.$inferInsert> = {},
) {
  const photo = await draftUpload(db, userId(seller));
  const answer = await call('POST', '/items', token(seller), validEntry(refs, [photo], { sub_cat_id: place.subCatId }));
  expect(answer.status, answer.body.message).toBe(201);
  const id = answer.body.data.id as string;
  listed += 1;
  const addedDate = new Date(Date.now() + listed * 60_000);
  await db
    .update(items)
    .set({ itemLocationId: place.cityId ?? homeCity, addedDate, ...state })
    .where(eq(items.id, id));
  return id;
}

type Rail = {
  status: number;
  ids: string[];
  cards: Array<{ id: string; cat_id: number; item_location: { id: number } }>;
};

/** A rail of the item as the API answers it (as cards unless the query names a view), to a visitor or a viewer. */
async function rail(itemId: string, query: string, viewer?: number): Promise<Rail> {
  const view = query.includes('view=') ? '' : '&view=card';
  const answer = await call('GET', `/items/${itemId}/related?${query}${view}`, viewer ? token(viewer) : undefined);
  const cards = answer.status === 200 ? (answer.body.data as unknown as Rail['cards']) : [];
  return { status: answer.status, ids: cards.map((card) => card.id), cards };
}

describe('more from this seller', () => {
  it('lists the seller’s other listed, unsold items newest first: not this one, sold, pending or reported', async () => {
    const subCatId = await newSubcategory();
    const item = await listing(SELLER, { subCatId });
    const older = await listing(SELLER, { subCatId, cityId: otherCity });
    const sold = await listing(SELLER, { subCatId }, { isSoldOut: true });
    const pending = await listing(SELLER, { subCatId }, { status: ITEM_STATUS.pending });
    const reported = await listing(SELLER, { subCatId });
    const newest = await listing(SELLER, { subCatId: await newSubcategory() });
    const stranger = await listing(NEIGHBOUR, { subCatId });
    expect((await call('POST', `/items/${reported}/report`, token(VIEWER), { reason: 'spam' })).status).toBe(200);

    const visitor = await rail(item, 'kind=seller');
    expect(visitor.status).toBe(200);
    expect(visitor.ids.slice(0, 3)).toEqual([newest, reported, older]);
    for (const hidden of [item, sold, pending, stranger]) expect(visitor.ids).not.toContain(hidden);
    expect(visitor.ids.length).toBeLessThanOrEqual(6);
    expect((await rail(item, 'kind=seller', VIEWER)).ids.slice(0, 2)).toEqual([newest, older]);
    expect((await rail(item, 'kind=seller&view=full')).ids).toEqual(visitor.ids);
  });

  it('is not found for a viewer in a block with the seller, and lists nothing for them', async () => {
    const subCatId = await newSubcategory();
    const item = await listing(BLOCKED_SELLER, { subCatId });
    const other = await listing(BLOCKED_SELLER, { subCatId });
    expect((await rail(item, 'kind=seller')).ids[0]).toBe(other);
    for (const viewer of [VIEWER, NEIGHBOUR]) {
      expect((await rail(item, 'kind=seller', viewer)).status).toBe(404);
      // The page asks the rail only for an item it shows; the rail's own query still leaves the seller out.
      const asViewer = { userId: userId(viewer), isAdmin: false };
      const seller = { id: item, added_user_id: userId(BLOCKED_SELLER) };
      expect(await services.items.sellerItems(seller, asViewer, 'en', 'card')).toEqual([]);
    }
  });
});

describe('similar in your city', () => {
  it('lists the subcategory in the chosen city, else in the item’s own city, leaving out blocked sellers', async () => {
    const subCatId = await newSubcategory();
    const item = await listing(SELLER, { subCatId });
    const here = await listing(NEIGHBOUR, { subCatId });
    const elsewhere = await listing(NEIGHBOUR, { subCatId, cityId: otherCity });
    const otherSubcategoryThere = await listing(NEIGHBOUR, { subCatId: await newSubcategory(), cityId: otherCity });
    const blockedHere = await listing(BLOCKED_SELLER, { subCatId });
    await listing(NEIGHBOUR, { subCatId }, { isSoldOut: true });

    expect((await rail(item, 'kind=city')).ids).toEqual([blockedHere, here]);
    expect((await rail(item, `kind=city&item_location_id=${homeCity}`)).ids).toEqual([blockedHere, here]);
    const chosen = await rail(item, `kind=city&item_location_id=${otherCity}`);
    expect(chosen.ids).toEqual([elsewhere]);
    expect(chosen.ids).not.toContain(otherSubcategoryThere);
    expect((await rail(item, 'kind=city', VIEWER)).ids).toEqual([here]);
  });

  it('falls back to the category in that city when the subcategory has nothing there', async () => {
    const lone = await listing(SELLER, { subCatId: await newSubcategory() });
    const sameCategory = await listing(NEIGHBOUR, { subCatId: await newSubcategory() });
    await listing(NEIGHBOUR, { subCatId: await newSubcategory(), cityId: otherCity });
    const found = await rail(lone, 'kind=city');
    expect(found.ids[0]).toBe(sameCategory);
    expect(found.ids).not.toContain(lone);
    for (const card of found.cards) {
      expect(card.cat_id).toBe(refs.plain.catId);
      expect(card.item_location.id).toBe(homeCity);
    }
  });
});

describe('the rails’ API', () => {
  it('is not found for an item the viewer may not see, and refuses bad input with 400', async () => {
    const subCatId = await newSubcategory();
    const pending = await listing(SELLER, { subCatId }, { status: ITEM_STATUS.pending });
    for (const kind of ['seller', 'city', 'subcategory']) {
      expect((await rail(pending, `kind=${kind}`)).status).toBe(404);
      expect((await rail(pending, `kind=${kind}`, NEIGHBOUR)).status).toBe(404);
      expect((await rail(pending, `kind=${kind}`, SELLER)).status).toBe(200);
    }
    expect((await rail('00000000-0000-4000-8000-000000000000', 'kind=seller')).status).toBe(404);
    for (const query of [
      'kind=nearby',
      'kind=city&item_location_id=abc',
      'kind=city&item_location_id=0',
      'kind=city&item_location_id=99999999999',
    ]) {
      expect((await rail(pending, query)).status, query).toBe(400);
    }
  });
});

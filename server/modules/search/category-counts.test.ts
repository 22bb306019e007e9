import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { USER_STATUS } from '../../../contract/users.ts';
import { categories, items, subcategories, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { type ActiveItemCounts, CATEGORY_COUNTS_TTL_MS, CategoryCounts } from './category-counts.ts';

const test = useTestApp();
const { db, call } = test;
/** The first category (by ordering) and its first subcategory: where the new items go. */
let place: { catId: number; subCatId: number };

beforeAll(async () => {
  const [category] = await db.select().from(categories).orderBy(asc(categories.catOrdering)).limit(1);
  if (!category) throw new Error('the seed has no category');
  const [subcategory] = await db
    .select()
    .from(subcategories)
    .where(eq(subcategories.catId, category.id))
    .orderBy(asc(subcategories.ordering))
    .limit(1);
  if (!subcategory) throw new Error(`category ${category.id} has no subcategory`);
  place = { catId: category.id, subCatId: subcategory.id };
});

/** A clock the test moves by hand. */
function manualClock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

async function addItem(seller: string, values: Partial<typeof items.$inferInsert> = {}) {
  const id = randomUUID();
  await db.insert(items).values({
    id,
    slug: `count-test-${id}`,
    title: 'Count test item',
    catId: place.catId,
    subCatId: place.subCatId,
    addedUserId: seller,
    status: ITEM_STATUS.active,
    ...values,
  });
  return id;
}

/** The counts worked out the slow way: every item and seller read, the rule applied here. */
async function countedByHand(): Promise<ActiveItemCounts> {
  const sellers = new Map((await db.select().from(users)).map((user) => [user.id, user]));
  const expected: ActiveItemCounts = { categories: {}, subcategories: {} };
  for (const item of await db.select().from(items)) {
    const seller = sellers.get(item.addedUserId);
    const isPublicItem =
      item.status === ITEM_STATUS.active &&
      item.deletedAt === null &&
      seller?.status === USER_STATUS.active &&
      !seller.isBanned;
    if (!isPublicItem) continue;
    expected.categories[item.catId] = (expected.categories[item.catId] ?? 0) + 1;
    if (item.subCatId !== null)
      expected.subcategories[item.subCatId] = (expected.subcategories[item.subCatId] ?? 0) + 1;
  }
  return expected;
}

describe('CategoryCounts', () => {
  it('counts the public items of each category and subcategory, as the rule says', async () => {
    const counts = await new CategoryCounts(db).get();
    expect(counts).toEqual(await countedByHand());
    // The demo data has items in several categories, and some that are not public (pending, refused).
    expect(Object.keys(counts.categories).length).toBeGreaterThan(3);
    const all = await db.select({ id: items.id }).from(items);
    const counted = Object.values(counts.categories).reduce((sum, count) => sum + count, 0);
    expect(counted).toBeLessThan(all.length);
  });

  it('serves one answer for a minute, then the old one while a single refresh runs', async () => {
    const clock = manualClock();
    const counter = new CategoryCounts(db, { now: clock.now });
    const count = vi.spyOn(counter as unknown as { load: () => Promise<ActiveItemCounts> }, 'load');

    // Requests that arrive together before the first answer share one count.
    const [first, second] = await Promise.all([counter.get(), counter.get()]);
    expect(second).toBe(first);
    expect(count).toHaveBeenCalledTimes(1);
    const before = first.categories[place.catId] ?? 0;
    const beforeSub = first.subcategories[place.subCatId] ?? 0;

    await addItem('demo-user-03');
    clock.advance(CATEGORY_COUNTS_TTL_MS - 1);
    expect((await counter.get()).categories[place.catId] ?? 0).toBe(before);
    expect(count).toHaveBeenCalledTimes(1);

    // Expired: the first requests still get the old answer, and start only one refresh between them.
    clock.advance(1);
    const stale = await Promise.all([counter.get(), counter.get(), counter.get()]);
    for (const answer of stale) expect(answer).toBe(first);
    expect(count).toHaveBeenCalledTimes(2);
    await counter.settled();

    const fresh = await counter.get();
    expect(fresh.categories[place.catId]).toBe(before + 1);
    expect(fresh.subcategories[place.subCatId]).toBe(beforeSub + 1);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('does not count pending, refused, deleted items nor those of banned or inactive sellers', async () => {
    const clock = manualClock();
    const counter = new CategoryCounts(db, { now: clock.now });
    const before = await counter.get();
    const base = before.categories[place.catId] ?? 0;
    const baseSub = before.subcategories[place.subCatId] ?? 0;

    // A seller banned, another deactivated: their items leave the counts, like the ones below.
    const banned = 'demo-user-10';
    const deactivated = 'demo-user-11';
    await db.update(users).set({ isBanned: true }).where(eq(users.id, banned));
    await db.update(users).set({ status: USER_STATUS.deactivated }).where(eq(users.id, deactivated));
    const hidden = await db
      .select({ id: items.id, catId: items.catId, subCatId: items.subCatId })
      .from(items)
      .where(
        and(
          inArray(items.addedUserId, [banned, deactivated]),
          eq(items.status, ITEM_STATUS.active),
          isNull(items.deletedAt),
          eq(items.catId, place.catId),
        ),
      );
    await addItem('demo-user-04', { status: ITEM_STATUS.pending });
    await addItem('demo-user-04', { status: ITEM_STATUS.rejected });
    await addItem('demo-user-04', { status: ITEM_STATUS.disabled });
    await addItem('demo-user-04', { deletedAt: new Date() });
    await addItem(banned);
    await addItem(deactivated);
    // An item without a subcategory counts for its category only.
    await addItem('demo-user-05', { subCatId: null });

    clock.advance(CATEGORY_COUNTS_TTL_MS);
    await counter.get();
    await counter.settled();
    const after = await counter.get();
    expect(after).toEqual(await countedByHand());
    expect(after.categories[place.catId]).toBe(base - hidden.length + 1);
    const hiddenInSub = hidden.filter((item) => item.subCatId === place.subCatId).length;
    expect(after.subcategories[place.subCatId] ?? 0).toBe(baseSub - hiddenInSub);

    await db.update(users).set({ isBanned: false }).where(eq(users.id, banned));
    await db.update(users).set({ status: USER_STATUS.active }).where(eq(users.id, deactivated));
  });

  it('keeps the old answer when a refresh fails, and tries again on the next request', async () => {
    const clock = manualClock();
    const failures: unknown[] = [];
    const counter = new CategoryCounts(db, { now: clock.now, onRefreshError: (error) => failures.push(error) });
    const first = await counter.get();
    const count = vi
      .spyOn(counter as unknown as { load: () => Promise<ActiveItemCounts> }, 'load')
      .mockRejectedValueOnce(new Error('database gone'));
    clock.advance(CATEGORY_COUNTS_TTL_MS);
    expect(await counter.get()).toBe(first);
    await counter.settled();
    expect(failures).toHaveLength(1);
    expect(await counter.get()).toBe(first);
    await counter.settled();
    expect(count).toHaveBeenCalledTimes(2);
    expect(await counter.get()).toEqual(await countedByHand());
  });
});

describe('GET /api/v1/categories/item-counts', () => {
  it('answers the public items per category and subcategory, keyed by id', async () => {
    const answer = await call('GET', '/categories/item-counts');
    expect(answer.status).toBe(200);
    const expected = await countedByHand();
    const byText = (counts: Record<number, number>) =>
      Object.fromEntries(Object.entries(counts).map(([id, count]) => [String(id), count]));
    expect(answer.body.data).toEqual({
      categories: byText(expected.categories),
      subcategories: byText(expected.subcategories),
    });
    // The path beside /categories/{catId} is its own route, and a category is still found by its id.
    expect((await call('GET', `/categories/${place.catId}`)).body.data.cat_id).toBe(place.catId);
  });
});

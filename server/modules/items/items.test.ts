import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { draftUpload, type EntryReferences, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { appSettings, images, items, subcategories, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const test = useTestApp({ users: [5, 6], admin: true });
const { db, call, signIn } = test;
let refs: EntryReferences;
let owner: string;
let other: string;
let admin: string;

const OWNER_ID = 'demo-user-05';
const OTHER_ID = 'demo-user-06';

beforeAll(async () => {
  // These tests post far more than a day's listings for one account (daily-listings.test.ts tests the limit).
  await db.update(appSettings).set({ listingsPerDay: 0 });
  refs = await entryReferences(db);
  owner = test.token(5);
  other = test.token(6);
  admin = test.adminToken;
});

const setApproval = (enabled: boolean) => db.update(appSettings).set({ isItemApprovalEnabled: enabled });

/** Posts a valid item of the owner with one fresh draft photo; answers its id. */
async function postItem(extra: Record<string, unknown> = {}, token = owner, userId = OWNER_ID) {
  const photo = await draftUpload(db, userId);
  const answer = await call('POST', '/items', token, validEntry(refs, [photo], extra));
  expect(answer.status, answer.body.message).toBe(201);
  return answer.body.data.id as string;
}

const itemRow = async (id: string) => (await db.select().from(items).where(eq(items.id, id)))[0];

/** The Arabic text of a message with its field's label, straight from the locale files. */
const arabic = JSON.parse(readFileSync(new URL('../../../app/i18n/locales/ar/forms.json', import.meta.url), 'utf8'));

describe('posting an item', () => {
  it('stores the entry, moves its uploads to the item and answers the item page', async () => {
    await setApproval(false);
    const photos = [await draftUpload(db, OWNER_ID), await draftUpload(db, OWNER_ID)];
    const answer = await call(
      'POST',
      '/items',
      owner,
      validEntry(refs, photos, { manufacturer_id: refs.model.manufacturerId, year: 2001, title: 'آيفون 13 برو' }),
    );
    expect(answer.status, answer.body.message).toBe(201);
    const item = answer.body.data as Record<string, unknown> & { id: string };
    expect(item).toMatchObject({
      title: 'آيفون 13 برو',
      status: ITEM_STATUS.active,
      price: '1500.50',
      cat_id: refs.plain.catId,
      sub_cat_id: refs.plain.subCatId,
      is_owner: true,
      is_favourited: false,
      photo_count: 2,
      vehicle: null,
      reject_reason: null,
      item_name: `آيفون-13-برو-${item.id}`,
      added_user_id: OWNER_ID,
    });
    expect((item.images as Array<{ img_id: string }>).map((image) => image.img_id)).toEqual(photos);
    expect((item.default_photo as { img_id: string }).img_id).toBe(photos[0]);
    expect(item.category).toMatchObject({ cat_id: refs.plain.catId, is_vehicle: false });
    expect(item.sub_category).toMatchObject({ id: refs.plain.subCatId, cat_id: refs.plain.catId });
    expect(item.item_location_township).toMatchObject({ id: refs.place.townshipId });
    expect(item.user).toMatchObject({ user_id: OWNER_ID });
    // Vehicle details are not kept outside vehicle categories.
    expect(await itemRow(item.id)).toMatchObject({ manufacturerId: null, year: null, slug: 'آيفون-13-برو' });
    const rows = await db.select().from(images).where(eq(images.imgParentId, item.id));
    expect(rows).toHaveLength(2);
  });

  it('keeps the vehicle details of a vehicle category and names them', async () => {
    const id = await postItem({
      cat_id: refs.vehicle.catId,
      sub_cat_id: refs.vehicle.subCatId,
      manufacturer_id: refs.model.manufacturerId,
      model_id: refs.model.id,
      year: 2019,
      mileage: 42000,
      color_id: refs.colorId,
    });
    const page = await call('GET', `/items/${id}`);
    expect(page.body.data.vehicle).toMatchObject({
      manufacturer: { id: refs.model.manufacturerId },
      model: { id: refs.model.id },
      year: 2019,
      mileage: 42000,
      color: { id: refs.colorId },
      transmission: null,
    });
  });

  const REQUIRED: Array<[string, string]> = [
    ['title', 'Title'],
    ['price', 'Price'],
    ['cat_id', 'Category'],
    ['sub_cat_id', 'Subcategory'],
    ['item_type_id', 'Type'],
    ['item_currency_id', 'Currency symbol'],
    ['condition_of_item_id', 'Item condition'],
    ['brand', 'Brand'],
    ['business_mode', 'Is shop'],
    ['deal_option_id', 'Deal option'],
    ['item_price_type_id', 'Price type'],
    ['item_location_id', 'Location'],
    ['item_location_township_id', 'Location township'],
    ['description', 'Description'],
  ];

  it.each(REQUIRED)('refuses an entry without %s, naming the field in English and Arabic', async (field, label) => {
    const photo = await draftUpload(db, OWNER_ID);
    const { [field]: _left, ...entry } = validEntry(refs, [photo]) as Record<string, unknown>;
    const english = await call('POST', '/items', owner, entry);
    expect(english.status).toBe(400);
    expect(english.body.message).toBe(`${label} is required.`);
    const empty = await call('POST', '/items', owner, { ...entry, [field]: '' });
    expect(empty.body.message).toBe(`${label} is required.`);
    const inArabic = await test.app.inject({
      method: 'POST',
      url: '/api/v1/items?lang=ar',
      payload: entry,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(inArabic.statusCode).toBe(400);
    expect(inArabic.json().message).toBe(arabic.validation.required.replace('{{field}}', arabic.fields[field]));
  });

  it('asks for at least one image', async () => {
    const { image_ids: _none, ...entry } = validEntry(refs, []);
    for (const body of [entry, { ...entry, image_ids: [] }]) {
      const answer = await call('POST', '/items', owner, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please upload at least one image.');
    }
  });

  it('refuses choices that are not offered or do not belong together, naming the field', async () => {
    const photo = await draftUpload(db, OWNER_ID);
    const wrongSub = await call(
      'POST',
      '/items',
      owner,
      validEntry(refs, [photo], { sub_cat_id: refs.vehicle.subCatId }),
    );
    expect(wrongSub.status).toBe(400);
    expect(wrongSub.body.message).toBe('The chosen Subcategory is not available. Please choose another.');
    const noType = await call('POST', '/items', owner, validEntry(refs, [photo], { item_type_id: 999_999 }));
    expect(noType.body.message).toBe('The chosen Type is not available. Please choose another.');
    if (refs.otherCityId) {
      const wrongTownship = await call(
        'POST',
        '/items',
        owner,
        validEntry(refs, [photo], { item_location_id: refs.otherCityId }),
      );
      expect(wrongTownship.body.message).toBe('The chosen Location township is not available. Please choose another.');
    }
    // The draft was not used: it is still the owner's.
    expect((await db.select().from(images).where(eq(images.imgId, photo)))[0]?.imgParentId).toBe(`draft:${OWNER_ID}`);
  });

  it('refuses another user’s upload and leaves it where it was', async () => {
    const theirs = await draftUpload(db, OTHER_ID);
    const answer = await call('POST', '/items', owner, validEntry(refs, [theirs]));
    expect(answer.status).toBe(400);
    expect((await db.select().from(images).where(eq(images.imgId, theirs)))[0]?.imgParentId).toBe(`draft:${OTHER_ID}`);
  });

  it('refuses visitors (401) on every write and on the own lists', async () => {
    const id = await postItem();
    const photo = await draftUpload(db, OWNER_ID);
    const refused = [
      await call('POST', '/items', undefined, validEntry(refs, [photo])),
      await call('POST', `/items/${id}`, undefined, validEntry(refs, [photo])),
      await call('DELETE', `/items/${id}`),
      await call('POST', `/items/${id}/sold`, undefined, { is_sold_out: true }),
      await call('GET', '/items/mine?list=active'),
      // Before any validation: a visitor learns nothing about what the route accepts.
      await call('POST', '/items', undefined, {}),
      await call('POST', `/items/${id}/sold`, undefined, { is_sold_out: 'maybe' }),
      await call('GET', '/items/mine?list=nonsense'),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('refuses (403) another user’s edit, delete and mark-sold, and changes nothing', async () => {
    const id = await postItem();
    const photo = await draftUpload(db, OTHER_ID);
    const before = await itemRow(id);
    const edit = await call('POST', `/items/${id}`, other, validEntry(refs, [photo], { title: 'Mine now' }));
    const remove = await call('DELETE', `/items/${id}`, other);
    const sold = await call('POST', `/items/${id}/sold`, other, { is_sold_out: true });
    for (const answer of [edit, remove, sold]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('You are not allowed to do this.');
    }
    expect(await itemRow(id)).toEqual(before);
  });

  it('gives 400, never 500, for malformed ids and bodies, and 404 for an unknown item', async () => {
    const id = await postItem();
    expect((await call('GET', '/items/not-an-id')).status).toBe(400);
    expect((await call('GET', "/items/1' or '1'='1")).status).toBe(400);
    expect((await call('POST', '/items/123/sold', owner, { is_sold_out: true })).status).toBe(400);
    expect((await call('POST', '/items/123/touch')).status).toBe(400);
    expect((await call('GET', '/items/xyz/related')).status).toBe(400);
    expect((await call('POST', `/items/${id}/sold`, owner, { is_sold_out: 'maybe' })).status).toBe(400);
    expect((await call('POST', '/items', owner, [1, 2])).status).toBe(400);
    expect((await call('POST', '/items', owner, { image_ids: ['nope'] })).status).toBe(400);
    expect((await call('GET', '/items/mine?list=everything', owner)).status).toBe(400);
    const missing = await call('GET', '/items/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This item does not exist.');
    expect((await call('DELETE', '/items/00000000-0000-4000-8000-000000000000', owner)).status).toBe(404);
  });
});

describe('status and visibility', () => {
  it('keeps a new item pending when approval is on, visible only to its owner and admins', async () => {
    await setApproval(true);
    const id = await postItem();
    expect((await itemRow(id))?.status).toBe(ITEM_STATUS.pending);
    expect((await call('GET', `/items/${id}`)).status).toBe(404);
    expect((await call('GET', `/items/${id}`, other)).status).toBe(404);
    expect((await call('POST', `/items/${id}/touch`)).status).toBe(404);
    expect((await call('GET', `/items/${id}`, owner)).body.data).toMatchObject({ status: 0, is_owner: true });
    expect((await call('GET', `/items/${id}`, admin)).body.data).toMatchObject({ status: 0, is_owner: false });
    const pending = await call('GET', '/items/mine?list=pending', owner);
    expect((pending.body.data.items as Array<{ id: string }>).map((item) => item.id)).toContain(id);
    await setApproval(false);
  });

  it('sends an edited active item back to pending when approval is on, and keeps it active when off', async () => {
    await setApproval(false);
    const id = await postItem();
    const photo = (await itemRow(id)) && (await db.select().from(images).where(eq(images.imgParentId, id)))[0]?.imgId;
    const edited = await call(
      'POST',
      `/items/${id}`,
      owner,
      validEntry(refs, [photo as string], { title: 'Edited once' }),
    );
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({ status: ITEM_STATUS.active, title: 'Edited once', updated_flag: 1 });
    expect(edited.body.data.item_name).toBe(`edited-once-${id}`);
    const row = await itemRow(id);
    expect(row).toMatchObject({ updatedUserId: OWNER_ID, slug: 'edited-once' });
    expect(row?.updatedDate).toBeInstanceOf(Date);

    await setApproval(true);
    const again = await call(
      'POST',
      `/items/${id}`,
      owner,
      validEntry(refs, [photo as string], { title: 'Edited twice' }),
    );
    expect(again.body.data).toMatchObject({ status: ITEM_STATUS.pending });
    expect((await call('GET', `/items/${id}`)).status).toBe(404);
    await setApproval(false);
  });

  it('submits a rejected item again on edit, and keeps a disabled one disabled', async () => {
    await setApproval(false);
    const rejected = await postItem();
    await db
      .update(items)
      .set({ status: ITEM_STATUS.rejected, rejectReason: 'Blurry photos' })
      .where(eq(items.id, rejected));
    const mine = await call('GET', '/items/mine?list=rejected', owner);
    expect(mine.body.data.items).toContainEqual(
      expect.objectContaining({ id: rejected, reject_reason: 'Blurry photos' }),
    );
    expect((await call('GET', `/items/${rejected}`, owner)).body.data.reject_reason).toBe('Blurry photos');
    expect((await call('GET', `/items/${rejected}`, other)).status).toBe(404);
    const photo = (await db.select().from(images).where(eq(images.imgParentId, rejected)))[0]?.imgId as string;
    await call('POST', `/items/${rejected}`, owner, validEntry(refs, [photo]));
    expect((await itemRow(rejected))?.status).toBe(ITEM_STATUS.active);

    const disabled = await postItem();
    await db.update(items).set({ status: ITEM_STATUS.disabled }).where(eq(items.id, disabled));
    const disabledPhoto = (await db.select().from(images).where(eq(images.imgParentId, disabled)))[0]?.imgId as string;
    await call('POST', `/items/${disabled}`, owner, validEntry(refs, [disabledPhoto]));
    expect((await itemRow(disabled))?.status).toBe(ITEM_STATUS.disabled);
    const list = await call('GET', '/items/mine?list=rejected', owner);
    expect((list.body.data.items as Array<{ id: string }>).map((item) => item.id)).toContain(disabled);
  });
});

describe('deleting and selling', () => {
  it('soft-deletes: the row stays, the item is gone for everyone and its photos are removed', async () => {
    const id = await postItem();
    expect((await db.select().from(images).where(eq(images.imgParentId, id))).length).toBe(1);
    const removed = await call('DELETE', `/items/${id}`, owner);
    expect(removed.status).toBe(200);
    expect((await itemRow(id))?.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(images).where(eq(images.imgParentId, id))).toEqual([]);
    expect((await call('GET', `/items/${id}`, owner)).status).toBe(404);
    expect((await call('GET', `/items/${id}`, admin)).status).toBe(404);
    const active = await call('GET', '/items/mine?list=active&limit=100', owner);
    expect((active.body.data.items as Array<{ id: string }>).map((item) => item.id)).not.toContain(id);
    expect((await call('DELETE', `/items/${id}`, owner)).status).toBe(404);
  });

  it('lets an admin delete any item', async () => {
    const id = await postItem();
    expect((await call('DELETE', `/items/${id}`, admin)).status).toBe(200);
    expect((await itemRow(id))?.deletedAt).toBeInstanceOf(Date);
  });

  it('marks an item sold: it leaves the active list and shows among the seller’s sold items', async () => {
    const id = await postItem();
    const sold = await call('POST', `/items/${id}/sold`, owner, { is_sold_out: true });
    expect(sold.status).toBe(200);
    const ids = async (url: string, token?: string) =>
      ((await call('GET', url, token)).body.data.items as Array<{ id: string }>).map((item) => item.id);
    expect(await ids('/items/mine?list=sold&limit=100', owner)).toContain(id);
    expect(await ids('/items/mine?list=active&limit=100', owner)).not.toContain(id);
    expect(await ids(`/items/by-seller/${OWNER_ID}/sold?limit=100`)).toContain(id);
    // A sold item that is not active shows only to its seller.
    await db.update(items).set({ status: ITEM_STATUS.pending }).where(eq(items.id, id));
    expect(await ids(`/items/by-seller/${OWNER_ID}/sold?limit=100`)).not.toContain(id);
    expect(await ids(`/items/by-seller/${OWNER_ID}/sold?limit=100`, owner)).toContain(id);
    await call('POST', `/items/${id}/sold`, owner, { is_sold_out: false });
    expect((await itemRow(id))?.isSoldOut).toBe(false);
  });
});

describe('lists and reading', () => {
  it('pages the owner’s list newest first with a cursor', async () => {
    const first = await postItem();
    const second = await postItem();
    const page = await call('GET', '/items/mine?list=active&limit=1', owner);
    expect(page.body.data).toMatchObject({ limit: 1, offset: 0 });
    expect((page.body.data.items as Array<{ id: string }>)[0]?.id).toBe(second);
    const cursor = page.body.data.next_cursor as string;
    expect(cursor).toBeTruthy();
    const next = await call('GET', `/items/mine?list=active&limit=1&cursor=${cursor}`, owner);
    expect((next.body.data.items as Array<{ id: string }>)[0]?.id).toBe(first);
  });

  it('lists related items of the same subcategory without the item itself', async () => {
    const id = await postItem();
    const other = await postItem();
    const related = await call('GET', `/items/${id}/related`);
    expect(related.status).toBe(200);
    const ids = (related.body.data as unknown as Array<{ id: string; sub_cat_id: number }>).map((item) => item.id);
    expect(ids).not.toContain(id);
    expect(ids).toContain(other);
    expect(ids.length).toBeLessThanOrEqual(6);
  });

  it('gives the same related items as cards: newest first, not sold, not reported by the viewer', async () => {
    const id = await postItem();
    const reported = await postItem();
    const sold = await postItem();
    const newest = await postItem();
    await db.update(items).set({ isSoldOut: true }).where(eq(items.id, sold));
    expect((await call('POST', `/items/${reported}/report`, other, { reason: 'spam' })).status).toBe(200);
    const idsOf = async (view: string, token?: string) => {
      const answer = await call('GET', `/items/${id}/related?view=${view}`, token);
      expect(answer.status).toBe(200);
      return (answer.body.data as unknown as Array<{ id: string }>).map((item) => item.id);
    };
    const visitorCards = await idsOf('card');
    expect(visitorCards.slice(0, 2)).toEqual([newest, reported]);
    expect(visitorCards).not.toContain(sold);
    expect(visitorCards).toEqual(await idsOf('full'));
    const viewerCards = await idsOf('card', other);
    expect(viewerCards[0]).toBe(newest);
    expect(viewerCards).not.toContain(reported);
    expect(viewerCards).toEqual(await idsOf('full', other));
  });

  it('falls back to related items of the category when the subcategory has no other', async () => {
    const [empty] = await db
      .insert(subcategories)
      .values({ catId: refs.plain.catId, name: 'Empty', slug: 'related-fallback-test' })
      .returning({ id: subcategories.id });
    const lone = await postItem();
    await db.update(items).set({ subCatId: empty?.id }).where(eq(items.id, lone));
    const relatedOf = async (view: string) => {
      const answer = await call('GET', `/items/${lone}/related?view=${view}`);
      return (answer.body.data as unknown as Array<{ id: string; cat_id: number; sub_cat_id: number }>).map((item) => [
        item.id,
        item.cat_id,
        item.sub_cat_id,
      ]);
    };
    const cards = await relatedOf('card');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every(([, catId, subCatId]) => catId === refs.plain.catId && subCatId !== empty?.id)).toBe(true);
    expect(cards).toEqual(await relatedOf('full'));
  });

  it('offers every list of the entry form in the request language', async () => {
    const options = await call('GET', '/item-entry/options');
    expect(options.status).toBe(200);
    const data = options.body.data as Record<string, unknown[]>;
    for (const list of [
      'categories',
      'item_types',
      'price_types',
      'currencies',
      'conditions',
      'deal_options',
      'locations',
    ]) {
      expect(data[list]?.length, list).toBeGreaterThan(0);
    }
    expect(data.manufacturers?.length).toBeGreaterThan(0);
  });

  it('takes a banned seller’s items out of public view, but not out of the admins’', async () => {
    const seller = await signIn('user11@souk.test');
    const id = await postItem({}, seller, 'demo-user-11');
    const neighbour = await postItem();
    await db.update(users).set({ isBanned: true }).where(eq(users.id, 'demo-user-11'));
    expect((await call('GET', `/items/${id}`)).status).toBe(404);
    expect((await call('GET', `/items/${id}`, other)).status).toBe(404);
    expect((await call('GET', `/items/${id}`, admin)).status).toBe(200);
    const related = await call('GET', `/items/${neighbour}/related`);
    expect((related.body.data as unknown as Array<{ id: string }>).map((item) => item.id)).not.toContain(id);
    await db.update(users).set({ isBanned: false }).where(eq(users.id, 'demo-user-11'));
    expect((await call('GET', `/items/${id}`)).status).toBe(200);
  });

  it('hides the seller from strangers when they turned off showing their profile on items', async () => {
    const id = await postItem();
    await call('POST', '/users/me/settings', owner, { show_profile_on_items: false, show_notifications: true });
    expect((await call('GET', `/items/${id}`, other)).body.data.user).toBeNull();
    expect((await call('GET', `/items/${id}`, owner)).body.data.user).toMatchObject({ user_id: OWNER_ID });
    await call('POST', '/users/me/settings', owner, { show_profile_on_items: true, show_notifications: true });
    expect((await call('GET', `/items/${id}`, other)).body.data.user).toMatchObject({ user_id: OWNER_ID });
  });
});

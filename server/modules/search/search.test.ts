import { randomBytes } from 'node:crypto';
import { asc, eq, ne, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../contract/fields.ts';
import { itemCardSchema } from '../../../contract/items.ts';
import { type ItemSearchResult, itemSearchSchema } from '../../../contract/search.ts';
import type { Viewer } from '../../../contract/session.ts';
import { USER_STATUS } from '../../../contract/users.ts';
import { createServices } from '../../services.ts';
import { recordQueries } from '../../testing/query-recorder.ts';
import * as schema from '../../testing/tables.ts';
import {
  blocks,
  categories,
  follows,
  itemReports,
  items,
  seededRandom,
  subcategories,
  users,
} from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { publicListings } from '../items/index.ts';
import { geoCellsAround } from './geo-cells.ts';
import { rebuildSearchWords } from './index.ts';
import { ItemSearch } from './item-search.ts';

const test = useTestApp({ users: [9] });
const { db, call, token } = test;
let viewer: string;

const SELLER = 'demo-user-07';
const BLOCKED_SELLER = 'demo-user-08';
const VIEWER = 'demo-user-09';
const BANNED_SELLER = 'demo-user-10';
/** Riyadh; B lies about 10 km (6.2 miles) north of it, C in Jeddah. */
const RIYADH = { lat: 24.7136, lng: 46.6753 };

const ids: Record<string, string> = {};
let catId: number;
let sub1: number;
let sub2: number;
let lookup: Record<string, [number, number]>;
let place: { cityId: number; townshipId: number };
let otherCityId: number | null;

async function twoIds(table: typeof schema.itemTypes) {
  const rows = await db.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(2);
  return [rows[0]?.id ?? 0, rows[1]?.id ?? rows[0]?.id ?? 0] as [number, number];
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

beforeAll(async () => {
  viewer = token(9);
  const [township] = await db
    .select({ cityId: schema.locationTownships.cityId, townshipId: schema.locationTownships.id })
    .from(schema.locationTownships)
    .orderBy(asc(schema.locationTownships.id))
    .limit(1);
  place = township ?? { cityId: 0, townshipId: 0 };
  const [otherCity] = await db
    .select({ id: schema.itemLocations.id })
    .from(schema.itemLocations)
    .where(ne(schema.itemLocations.id, place.cityId))
    .limit(1);
  otherCityId = otherCity?.id ?? null;
  lookup = {
    type: await twoIds(schema.itemTypes),
    priceType: await twoIds(schema.itemPriceTypes),
    currency: await twoIds(schema.currencies as never),
    condition: await twoIds(schema.itemConditions),
    deal: await twoIds(schema.dealOptions),
    engine: await twoIds(schema.engineStatuses),
    sellerType: await twoIds(schema.sellerTypes),
    transmission: await twoIds(schema.transmissions),
    fuel: await twoIds(schema.fuelTypes),
    body: await twoIds(schema.bodyStyles),
    color: await twoIds(schema.colors),
    vehicleType: await twoIds(schema.vehicleTypes),
  };
  const tag = randomBytes(4).toString('hex');
  const [category] = await db
    .insert(categories)
    .values({ catName: `Search test ${tag}`, catNameAr: `اختبار البحث ${tag}`, slug: `search-test-${tag}`, names: {} })
    .returning({ id: categories.id });
  catId = category?.id ?? 0;
  const subs = await db
    .insert(subcategories)
    .values([
      { catId, name: `Cars ${tag}`, slug: `search-cars-${tag}` },
      { catId, name: `Home ${tag}`, slug: `search-home-${tag}` },
    ])
    .returning({ id: subcategories.id });
  sub1 = subs[0]?.id ?? 0;
  sub2 = subs[1]?.id ?? 0;
  const [model] = await db.select().from(schema.models).orderBy(asc(schema.models.id)).limit(1);
  const base = { catId, addedUserId: SELLER, status: 1, price: '1' };
  const rows: Array<[string, Partial<typeof items.$inferInsert>]> = [
    [
      'A',
      {
        title: 'سيارة تويوتا كامري نظيفة',
        brand: 'Toyota',
        subCatId: sub1,
        price: '5000',
        conditionOfItemId: lookup.condition?.[0],
        itemTypeId: lookup.type?.[0],
        itemPriceTypeId: lookup.priceType?.[0],
        itemCurrencyId: lookup.currency?.[0],
        dealOptionId: lookup.deal?.[0],
        itemLocationId: place.cityId,
        itemLocationTownshipId: place.townshipId,
        ...RIYADH,
        year: 2015,
        mileage: 120_000,
        manufacturerId: model?.manufacturerId,
        modelId: model?.id,
        engineStatusId: lookup.engine?.[0],
        sellerTypeId: lookup.sellerType?.[0],
        transmissionId: lookup.transmission?.[0],
        fuelTypeId: lookup.fuel?.[0],
        bodyStyleId: lookup.body?.[0],
        colorId: lookup.color?.[0],
        vehicleTypeId: lookup.vehicleType?.[0],
        touchCount: 50,
        addedDate: hoursAgo(1),
      },
    ],
    [
      'B',
      {
        title: 'السَّيّارة الجديدة هيونداي',
        brand: 'Hyundai',
        subCatId: sub1,
        price: '8000',
        conditionOfItemId: lookup.condition?.[1],
        itemTypeId: lookup.type?.[1],
        itemLocationId: otherCityId ?? place.cityId,
        lat: 24.8,
        lng: 46.7,
        year: 2020,
        mileage: 30_000,
        engineStatusId: lookup.engine?.[1],
        transmissionId: lookup.transmission?.[1],
        fuelTypeId: lookup.fuel?.[1],
        bodyStyleId: lookup.body?.[1],
        colorId: lookup.color?.[1],
        vehicleTypeId: lookup.vehicleType?.[1],
        touchCount: 10,
        isPaid: true,
        addedDate: hoursAgo(2),
      },
    ],
    [
      'C',
      {
        title: 'iPhone 13 Pro Max',
        brand: 'Apple',
        subCatId: sub2,
        price: '3000',
        conditionOfItemId: lookup.condition?.[0],
        itemCurrencyId: lookup.currency?.[1],
        dealOptionId: lookup.deal?.[1],
        itemPriceTypeId: lookup.priceType?.[1],
        sellerTypeId: lookup.sellerType?.[1],
        lat: 21.5433,
        lng: 39.1728,
        touchCount: 99,
        addedDate: hoursAgo(3),
      },
    ],
    [
      'D',
      {
        title: 'Crème brûlée torch',
        brand: 'Café',
        subCatId: sub2,
        price: '100',
        isSoldOut: true,
        touchCount: 5,
        addedDate: hoursAgo(4),
      },
    ],
    [
      'E',
      {
        title: 'ثلاجة إلكترونية',
        description: 'ثلاجة بحالة ممتازة',
        subCatId: sub2,
        price: '700',
        touchCount: 1,
        addedDate: hoursAgo(5),
      },
    ],
    ['pending', { title: 'سيارة معلقة', status: 0, addedDate: hoursAgo(1) }],
    ['deleted', { title: 'سيارة محذوفة', deletedAt: new Date(), addedDate: hoursAgo(1) }],
    ['banned', { title: 'سيارة محظورة', addedUserId: BANNED_SELLER, addedDate: hoursAgo(1) }],
    ['reported', { title: 'Samsung Galaxy S21', touchCount: 0, addedDate: hoursAgo(6) }],
    ['blocked', { title: 'Sony camera', addedUserId: BLOCKED_SELLER, touchCount: 0, addedDate: hoursAgo(7) }],
  ];
  for (const [name, values] of rows) {
    const [row] = await db
      .insert(items)
      .values({ ...base, slug: name.toLowerCase(), ...values } as typeof items.$inferInsert)
      .returning({ id: items.id });
    ids[name] = row?.id ?? '';
  }
  await db.update(users).set({ isBanned: true }).where(eq(users.id, BANNED_SELLER));
  await db.insert(itemReports).values({ itemId: ids.reported as string, reporterId: VIEWER, reason: 'spam' });
  await db.insert(blocks).values({ blockerId: VIEWER, blockedId: BLOCKED_SELLER });
  await db.insert(follows).values({ followerId: VIEWER, followedId: SELLER }).onConflictDoNothing();
  await rebuildSearchWords(db);
});

/** The test items a list answers, by their names in this file, in order. */
async function search(params: Record<string, string | number | undefined>, token?: string) {
  const query = new URLSearchParams({ cat_id: String(catId), limit: '50' });
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  const answer = await call('GET', `/items?${query}`, token);
  expect(answer.status, answer.body.message).toBe(200);
  const names = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  return {
    names: (answer.body.data.items as Array<{ id: string }>).map((item) => names.get(item.id) ?? item.id),
    data: answer.body.data as unknown as ItemSearchResult,
  };
}

/** Every page of a list, `limit` at a time, followed by its cursor or by offset; each says the first one's count. */
async function everyPage(
  params: Record<string, string | number | undefined>,
  limit: number,
  paging: 'cursor' | 'offset',
) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let offset = 0;
  let firstCount: number | undefined;
  do {
    const at = paging === 'cursor' ? (cursor ? { cursor } : {}) : { offset };
    const page: Awaited<ReturnType<typeof search>> = await search({ ...params, limit, ...at });
    firstCount ??= page.data.total.count;
    expect(page.data.total.count).toBe(firstCount);
    seen.push(...page.names);
    cursor = page.data.next_cursor;
    offset += limit;
  } while (cursor);
  return seen;
}

/** Newest first, the sold one (D) last. */
const ALL_VISIBLE = ['A', 'B', 'C', 'E', 'reported', 'blocked', 'D'];

describe('public lists', () => {
  it('show active items of active sellers, newest first; never pending, deleted or a banned seller’s', async () => {
    const { names, data } = await search({});
    expect(names).toEqual(ALL_VISIBLE);
    expect(data.total).toEqual({ count: 7, capped: false });
  });

  it('follow the seller’s account at once: unbanned, the items are back; deactivated, gone', async () => {
    await db.update(users).set({ isBanned: false }).where(eq(users.id, BANNED_SELLER));
    expect((await search({})).names.sort()).toEqual(['banned', ...ALL_VISIBLE].sort());
    await db.update(users).set({ isBanned: false, status: USER_STATUS.deactivated }).where(eq(users.id, BANNED_SELLER));
    expect((await search({})).names).toEqual(ALL_VISIBLE);
    await db.update(users).set({ isBanned: true, status: USER_STATUS.active }).where(eq(users.id, BANNED_SELLER));
    expect((await search({})).names).toEqual(ALL_VISIBLE);
  });

  it('hide what the viewer reported and the items of someone in a block with them', async () => {
    expect((await search({}, viewer)).names).toEqual(['A', 'B', 'C', 'E', 'D']);
  });
});

describe('the card view', () => {
  it('answers each item as its card with ?view=card, the whole Item by default, in the same order', async () => {
    await db.update(users).set({ isVerifyBlueMark: true, isVerifiedDealer: true }).where(eq(users.id, SELLER));
    const full = await call('GET', `/items?cat_id=${catId}&limit=50`);
    const cards = await call('GET', `/items?cat_id=${catId}&limit=50&view=card`);
    expect(cards.status).toBe(200);
    const fullItems = full.body.data.items as Array<Record<string, unknown>>;
    const cardItems = cards.body.data.items as Array<Record<string, unknown>>;
    expect(cardItems.map((item) => item.id)).toEqual(fullItems.map((item) => item.id));
    expect(Object.keys(cardItems[0] ?? {}).sort()).toEqual(Object.keys(itemCardSchema.shape).sort());
    expect(fullItems[0]).toHaveProperty('category');
    for (const [index, card] of cardItems.entries()) {
      const item = fullItems[index] as Record<string, unknown> & {
        item_currency: { currency_symbol: string } | null;
        user: { user_id: string; is_verify_blue_mark: boolean; is_verified_dealer: boolean };
      };
      expect(card).toMatchObject({
        title: item.title,
        item_name: item.item_name,
        price: item.price,
        added_date: item.added_date,
        added_date_str: item.added_date_str,
        default_photo: item.default_photo,
        item_currency: item.item_currency && { currency_symbol: item.item_currency.currency_symbol },
        is_favourited: item.is_favourited,
        seller: {
          is_verify_blue_mark: item.user.is_verify_blue_mark,
          is_verified_dealer: item.user.is_verified_dealer,
        },
      });
    }
    const sellerOf = (item: Record<string, unknown> | undefined) =>
      (item?.user as { user_id?: string } | undefined)?.user_id;
    const marked = cardItems.filter((_card, index) => sellerOf(fullItems[index]) === SELLER);
    expect(marked.length).toBeGreaterThan(0);
    for (const card of marked) expect(card.seller).toEqual({ is_verify_blue_mark: true, is_verified_dealer: true });
    await db.update(users).set({ isVerifyBlueMark: false, isVerifiedDealer: false }).where(eq(users.id, SELLER));
  });

  it('refuses a view it does not know', async () => {
    expect((await call('GET', `/items?cat_id=${catId}&view=tiny`)).status).toBe(400);
  });
});

describe('each filter of SPEC.md 2 alone', () => {
  it.each([
    ['sub_cat_id', () => ({ sub_cat_id: sub1 }), ['A', 'B']],
    ['item_type_id', () => ({ item_type_id: lookup.type?.[1] ?? 0 }), ['B']],
    ['item_price_type_id', () => ({ item_price_type_id: lookup.priceType?.[1] ?? 0 }), ['C']],
    ['deal_option_id', () => ({ deal_option_id: lookup.deal?.[1] ?? 0 }), ['C']],
    ['item_currency_id', () => ({ item_currency_id: lookup.currency?.[1] ?? 0 }), ['C']],
    ['item_location_township_id', () => ({ item_location_township_id: place.townshipId }), ['A']],
    ['condition_of_item_id', () => ({ condition_of_item_id: lookup.condition?.[1] ?? 0 }), ['B']],
    ['min_price', () => ({ min_price: 3000 }), ['A', 'B', 'C']],
    ['max_price', () => ({ max_price: 700 }), ['E', 'reported', 'blocked', 'D']],
    ['min and max price', () => ({ min_price: 700, max_price: 5000 }), ['A', 'C', 'E']],
    ['brand, in any case', () => ({ brand: 'toyota' }), ['A']],
    ['brand with accents', () => ({ brand: 'cafe' }), ['D']],
    ['min_year', () => ({ min_year: 2016 }), ['B']],
    ['max_year', () => ({ max_year: 2016 }), ['A']],
    ['max_mileage', () => ({ max_mileage: 50_000 }), ['B']],
    ['engine_status_id', () => ({ engine_status_id: lookup.engine?.[0] ?? 0 }), ['A']],
    ['seller_type_id', () => ({ seller_type_id: lookup.sellerType?.[1] ?? 0 }), ['C']],
    ['transmission_id', () => ({ transmission_id: lookup.transmission?.[1] ?? 0 }), ['B']],
    ['fuel_type_id', () => ({ fuel_type_id: lookup.fuel?.[0] ?? 0 }), ['A']],
    ['body_style_id', () => ({ body_style_id: lookup.body?.[1] ?? 0 }), ['B']],
    ['color_id', () => ({ color_id: lookup.color?.[0] ?? 0 }), ['A']],
    ['vehicle_type_id', () => ({ vehicle_type_id: lookup.vehicleType?.[1] ?? 0 }), ['B']],
    ['is_sold_out=1', () => ({ is_sold_out: 1 }), ['D']],
    ['is_sold_out=0', () => ({ is_sold_out: 0 }), ['A', 'B', 'C', 'E', 'reported', 'blocked']],
    ['isPaid=only_paid_item', () => ({ isPaid: 'only_paid_item' }), ['B']],
    ['addedUserId', () => ({ addedUserId: BLOCKED_SELLER }), ['blocked']],
  ] as const)('%s', async (_name, params, expected) => {
    expect((await search(params())).names).toEqual(expected);
  });

  it('manufacturer_id and model_id', async () => {
    const [model] = await db.select().from(schema.models).orderBy(asc(schema.models.id)).limit(1);
    expect((await search({ manufacturer_id: model?.manufacturerId ?? 0 })).names).toEqual(['A']);
    expect((await search({ model_id: model?.id ?? 0 })).names).toEqual(['A']);
  });

  it('item_location_id', async () => {
    const expected = otherCityId ? ['A'] : ['A', 'B'];
    expect((await search({ item_location_id: place.cityId })).names).toEqual(expected);
  });
});

describe('orders and paging', () => {
  it('Popular is touch_count desc, also as sorting_id 2; ascending when asked', async () => {
    // blocked and reported tie at 0 views; D (5 views) is sold, so it comes last.
    const popular = ['C', 'A', 'B', 'E'];
    const byTouch = (await search({ order_by: 'touch_count' })).names;
    expect(byTouch.slice(0, 4)).toEqual(popular);
    expect(byTouch.at(-1)).toBe('D');
    expect((await search({ sorting_id: 2 })).names.slice(0, 4)).toEqual(popular);
    expect((await search({ order_by: 'added_date', orderType: 'asc' })).names).toEqual([
      'blocked',
      'reported',
      'E',
      'C',
      'B',
      'A',
      'D',
    ]);
  });

  it('paid items first, then the others newest first', async () => {
    expect((await search({ isPaid: 'paid_item_first' })).names).toEqual([
      'B',
      'A',
      'C',
      'E',
      'reported',
      'blocked',
      'D',
    ]);
  });

  it('pages with a keyset cursor: no item twice, none missed, the count carried along; also limit and offset', async () => {
    // A page of one ends exactly where the paid items and the unsold ones end.
    for (const order of ['added_date', 'touch_count'] as const) {
      for (const paid of [{}, { isPaid: 'paid_item_first' }]) {
        const whole = (await search({ order_by: order, ...paid })).names;
        for (const limit of [1, 2, 3]) {
          const seen = await everyPage({ order_by: order, ...paid }, limit, 'cursor');
          expect(seen, `${order} ${JSON.stringify(paid)} by ${limit}`).toEqual(whole);
        }
      }
    }
    expect((await search({ limit: 2, offset: 2 })).names).toEqual(['C', 'E']);
  });

  it('pages by offset with the sold items last, in every index-ordered list', async () => {
    for (const order of [{ order_by: 'added_date' }, { order_by: 'touch_count' }]) {
      const whole = (await search(order)).names;
      expect(whole.at(-1), JSON.stringify(order)).toBe('D');
      for (const limit of [1, 2, 3]) expect(await everyPage(order, limit, 'offset')).toEqual(whole);
    }
  });

  it('lists the nearest first and the sold ones after them', async () => {
    const nearest = { order_by: 'distance', ...RIYADH, mile: 50 };
    expect((await search(nearest)).names).toEqual(['A', 'B']);
    await db
      .update(items)
      .set({ isSoldOut: true })
      .where(eq(items.id, ids.A as string));
    try {
      expect((await search(nearest)).names).toEqual(['B', 'A']);
      expect(await everyPage(nearest, 1, 'offset')).toEqual(['B', 'A']);
    } finally {
      await db
        .update(items)
        .set({ isSoldOut: false })
        .where(eq(items.id, ids.A as string));
    }
  });

  it('keeps the order of the sold filter when it is set, and refuses a cursor of a phase the list has not', async () => {
    expect((await search({ is_sold_out: 0, order_by: 'touch_count' })).names.at(-1)).not.toBe('D');
    const forged = Buffer.from(
      JSON.stringify({ phase: 'paid', total: [7, false], after: ['2026-01-01 00:00:00+00', ids.A] }),
    ).toString('base64url');
    const answer = await call('GET', `/items?cat_id=${catId}&is_sold_out=1&cursor=${forged}`);
    expect(answer.status).toBe(400);
  });
});

describe('text', () => {
  it('finds Arabic words with or without the article, diacritics, alef forms and ta marbuta', async () => {
    // The last two as typed on a Persian keyboard (farsi yeh ی, keheh ک).
    for (const term of ['سيارة', 'السيارة', 'سياره', 'سَيّارة', 'سیاره']) {
      expect((await search({ search_term: term })).names.sort(), term).toEqual(['A', 'B']);
    }
    for (const term of ['الكترونيه', 'إلكترونية', 'ثلاجه', 'الکترونیه'])
      expect((await search({ search_term: term })).names, term).toEqual(['E']);
  });

  it('matches prefixes as you type, accents and case aside, and every word of the query', async () => {
    expect((await search({ search_term: 'iph' })).names).toEqual(['C']);
    expect((await search({ search_term: 'creme BRULEE' })).names).toEqual(['D']);
    expect((await search({ search_term: 'iphone samsung' })).names).toEqual([]);
  });

  it('finds a misspelled word’s items and says which word it searched', async () => {
    const { names, data } = await search({ search_term: 'toyta' });
    expect(names).toEqual(['A']);
    expect(data.corrections).toEqual([{ term: 'toyta', replacement: 'toyota' }]);
  });

  it('runs the closest word when nothing matches beyond the typo rule, and says so', async () => {
    const { names, data } = await search({ search_term: 'hundaiii' });
    expect(names).toEqual(['B']);
    expect(data.corrections).toEqual([{ term: 'hundaiii', replacement: 'hyundai' }]);
    expect(data.suggestion).toBeNull();
  });

  it('corrects Arabic typos: a dropped long vowel, ض for ظ, a swapped pair', async () => {
    // The database sees Arabic letters (a Unicode ctype), so its trigrams find the candidates.
    const trigrams = await db.execute<{ sees: boolean }>(sql`select show_trgm('مرسيدس') <> '{}' as sees`);
    expect(trigrams.rows[0]?.sees).toBe(true);
    const cases = [
      ['تيوتا', ['A'], 'تويوتا'],
      ['نضيفة', ['A'], 'نظيفه'],
      ['سيراة', ['A', 'B'], 'سياره'],
    ] as const;
    for (const [term, expected, replacement] of cases) {
      const { names, data } = await search({ search_term: term });
      expect(names.sort(), term).toEqual(expected);
      expect(data.corrections, term).toEqual([{ term, replacement }]);
    }
  });

  it('combines with radius and other filters', async () => {
    const near = { lat: RIYADH.lat, lng: RIYADH.lng, mile: 10 };
    expect((await search({ search_term: 'سيارة', ...near })).names.sort()).toEqual(['A', 'B']);
    expect(
      (await search({ search_term: 'سيارة', ...near, condition_of_item_id: lookup.condition?.[0] ?? 0 })).names,
    ).toEqual(['A']);
    expect((await search({ search_term: 'سيارة', ...near, max_price: 6000, min_year: 2010 })).names).toEqual(['A']);
  });
});

describe('words people use for the same thing, in either script', () => {
  beforeAll(async () => {
    await createServices(db, test.config, pino({ level: 'silent' }), test.jobs).search.synonyms.rebuildBuiltIn();
  });

  it('finds listings written in the other script or with another word for the thing', async () => {
    const cases = [
      ['ايفون', ['C']],
      ['car', ['A', 'B']],
      ['fridge', ['E']],
      // The catalogue's model Camry is كامري in Arabic; listing A names it in Arabic only.
      ['camry', ['A']],
      ['toyota camry', ['A']],
    ] as const;
    for (const [term, expected] of cases) {
      const { names, data } = await search({ search_term: term });
      expect(names.sort(), term).toEqual(expected);
      expect(data.corrections, term).toEqual([]);
    }
  });

  it('matches a city or district named in the words by the listing’s location too', async () => {
    const [city] = await db
      .select({ name: schema.itemLocations.name, names: schema.itemLocations.names })
      .from(schema.itemLocations)
      .where(eq(schema.itemLocations.id, place.cityId));
    const [township] = await db
      .select({ name: schema.locationTownships.townshipName })
      .from(schema.locationTownships)
      .where(eq(schema.locationTownships.id, place.townshipId));
    // A (in the city and district) never names them; B is elsewhere unless the seed has one city only.
    const inCity = otherCityId ? ['A'] : ['A', 'B'];
    for (const name of [city?.name, (city?.names as Record<string, string> | undefined)?.ar]) {
      expect((await search({ search_term: `سيارة ${name}` })).names.sort(), name).toEqual(inCity);
    }
    expect((await search({ search_term: `سيارة ${township?.name}` })).names).toEqual(['A']);
  });

  it('leaves out a word that matches nothing when the others match, and says so', async () => {
    const { names, data } = await search({ search_term: 'كامري 1987 qqxxzzkk' });
    expect(names).toEqual(['A']);
    expect(data.corrections).toEqual([
      { term: '1987', replacement: '' },
      { term: 'qqxxzzkk', replacement: '' },
    ]);
    // Both words match something, only not together: nothing is left out.
    expect((await search({ search_term: 'iphone ثلاجة' })).names).toEqual([]);
  });
});

describe('the two ways a text search reads', () => {
  it('find the same items whether they walk the feed and map indexes or read the text index', async () => {
    // Best match by weeks from the last one, widening (the demo listings span weeks), or every match at once.
    const byFeed = new ItemSearch(db, publicListings, {
      sparseMatches: -1,
      bestMatch: { denseMatches: -1, densePrefixMatches: -1, firstWindowWeeks: 1 },
    });
    const byText = new ItemSearch(db, publicListings, {
      sparseMatches: Number.MAX_SAFE_INTEGER,
      bestMatch: { denseMatches: Number.MAX_SAFE_INTEGER, densePrefixMatches: Number.MAX_SAFE_INTEGER },
    });
    const near = { lat: RIYADH.lat, lng: RIYADH.lng, mile: 10 };
    for (const params of [
      { search_term: 'سيارة' },
      { search_term: 'toyta' },
      { search_term: 'سيارة', ...near },
      { search_term: 'سيارة', ...near, max_price: 6000, min_year: 2010 },
      // Wider than the map grids: the text or the map index alone, then the exact distance.
      { search_term: 'سيارة', ...near, mile: 300 },
      { search_term: 'iph', cat_id: catId },
    ]) {
      const query = itemSearchSchema.parse(params);
      const [feed, text] = await Promise.all([byFeed.page(query, null), byText.page(query, null)]);
      expect(feed.itemIds.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(text.itemIds, JSON.stringify(params)).toEqual(feed.itemIds);
      expect(text.total).toEqual(feed.total);
    }
  });
});

describe('best match by weeks', () => {
  it('ranks the same newest matches as a read of every match, from the first window that holds enough', async () => {
    // Three ranked candidates: a window of the last weeks holds more than that, so the wider ones are never read.
    const ranked = { rankedCandidates: 3 };
    const byWeeks = new ItemSearch(db, publicListings, {
      bestMatch: { ...ranked, denseMatches: -1, densePrefixMatches: -1, firstWindowWeeks: 1 },
    });
    const atOnce = new ItemSearch(db, publicListings, {
      bestMatch: { ...ranked, denseMatches: Number.MAX_SAFE_INTEGER, densePrefixMatches: Number.MAX_SAFE_INTEGER },
    });
    const recorded = recordQueries();
    const readEveryWeek: boolean[] = [];
    for (const params of [{ search_term: 'سيارة' }, { search_term: 'للبيع' }, { search_term: 'سيارة', limit: 2 }]) {
      const query = itemSearchSchema.parse(params);
      recorded.length = 0;
      const weeks = await byWeeks.page(query, null);
      const windows = recorded.filter(({ text }) => text.includes('with found'));
      readEveryWeek.push(windows.some(({ text }) => !text.includes('souk_added_weeks')));
      const once = await atOnce.page(query, null);
      expect(weeks.itemIds.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(weeks.itemIds, JSON.stringify(params)).toEqual(once.itemIds);
      expect(weeks.total, JSON.stringify(params)).toEqual(once.total);
      const next = await byWeeks.page({ ...query, cursor: weeks.nextCursor ?? undefined }, null);
      const nextOnce = await atOnce.page({ ...query, cursor: once.nextCursor ?? undefined }, null);
      expect(next.itemIds).toEqual(nextOnce.itemIds);
    }
    // The last weeks held enough matches: the older ones were never read.
    expect(readEveryWeek).toContain(false);
  });
});

describe('rails', () => {
  it('show the first page of their list, and send no count (a rail shows none)', async () => {
    const recorded = recordQueries();
    const search = new ItemSearch(db, publicListings);
    const near = { lat: RIYADH.lat, lng: RIYADH.lng, mile: 10 };
    for (const params of [
      {},
      { order_by: 'touch_count', orderType: 'desc' },
      { isPaid: 'paid_item_first', limit: 3 },
      { search_term: 'سيارة' },
      { ...near, order_by: 'distance' },
      { cat_id: catId, orderType: 'asc', limit: 2 },
    ]) {
      const query = itemSearchSchema.parse(params);
      const page = await search.page(query, null);
      recorded.length = 0;
      const rail = await search.firstIds(query, null);
      expect(rail, JSON.stringify(params)).toEqual(page.itemIds);
      expect(rail.length, JSON.stringify(params)).toBeGreaterThan(0);
      // Best match counts in the scan that finds its matches; nothing else counts.
      const counts = recorded.filter(({ text }) => text.includes('count(*)') && !text.includes('as ids'));
      expect(counts).toEqual([]);
    }
  });
});

describe('the rails of a page', () => {
  it('hold each list’s first cards, in order, the followed sellers’ only for a viewer', async () => {
    const services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
    const newest = itemSearchSchema.parse({ limit: 4 });
    const mostViewed = itemSearchSchema.parse({ limit: 4, order_by: 'touch_count', orderType: 'desc' });
    const signedIn: Viewer = {
      userId: VIEWER,
      userName: 'Viewer',
      photo: null,
      isAdmin: false,
      status: USER_STATUS.active,
    };
    const [latest, popular, followed] = await services.search.rails(
      [{ query: newest }, { query: mostViewed }, { followed: 5 }],
      signedIn,
      'en',
    );
    const firstPage = async (query: typeof newest) =>
      (await services.search.list({ ...query, view: 'card' }, signedIn, 'en')).items;
    expect(latest).toEqual(await firstPage(newest));
    expect(popular).toEqual(await firstPage(mostViewed));
    const following = await services.search.fromFollowed(signedIn, { limit: 5, offset: 0, view: 'card' }, 'en');
    expect(followed).toEqual(following.items);
    expect(followed?.length).toBeGreaterThan(0);
    expect(await services.search.rails([{ followed: 5 }], null, 'en')).toEqual([[]]);
    // A rail shows what can still be bought: D is sold.
    const [category] = await services.search.rails(
      [{ query: itemSearchSchema.parse({ cat_id: catId, limit: 20 }) }],
      null,
      'en',
    );
    expect(category?.map((card) => card.id)).not.toContain(ids.D);
    expect(category?.length).toBeGreaterThan(0);
  });

  it('give a viewer their own lists’ first cards, whatever of the shared ones they reported or blocked', async () => {
    const services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
    const someone: Viewer = { userId: 'demo-user-11', userName: 'Someone', photo: null, isAdmin: false, status: 1 };
    const newest = itemSearchSchema.parse({ limit: 3 });
    const ownFirstPage = async () => (await services.search.list({ ...newest, view: 'card' }, someone, 'en')).items;
    const railOf = async () => (await services.search.rails([{ query: newest }], someone, 'en'))[0];
    const everyones = { ...itemSearchSchema.parse({ limit: 12 }), view: 'full' as const };
    const shared = (await services.search.list(everyones, null, 'en')).items;
    const sellersOf = (count: number) => [...new Set(shared.map((item) => item.added_user_id))].slice(0, count);
    try {
      // Reports within the rail's spare ids: the shared list, with those left out.
      const reported = [shared[0], shared[2]].map((item) => ({
        itemId: item?.id as string,
        reporterId: someone.userId,
        reason: 'spam',
      }));
      await db.insert(itemReports).values(reported);
      const rail = await railOf();
      expect(rail).toEqual(await ownFirstPage());
      expect(rail?.map((item) => item.id)).toEqual([shared[1], shared[3], shared[4]].map((item) => item?.id));
      // Blocks hiding more than the spare ids: the viewer's own list.
      const sellers = sellersOf(6).filter((seller) => seller !== someone.userId);
      await db
        .insert(blocks)
        .values(sellers.map((seller) => ({ blockerId: someone.userId, blockedId: seller })))
        .onConflictDoNothing();
      const hidden = shared.slice(0, 8).filter((item) => sellers.includes(item.added_user_id));
      expect(hidden.length).toBeGreaterThan(5);
      const ownRail = await railOf();
      expect(ownRail).toEqual(await ownFirstPage());
      expect(ownRail?.length).toBe(3);
      const sellerOf = new Map(shared.map((item) => [item.id, item.added_user_id]));
      expect(ownRail?.some((item) => sellers.includes(sellerOf.get(item.id) ?? ''))).toBe(false);
    } finally {
      await db.delete(itemReports).where(eq(itemReports.reporterId, someone.userId));
      await db.delete(blocks).where(eq(blocks.blockerId, someone.userId));
      await db.delete(blocks).where(eq(blocks.blockedId, someone.userId));
    }
  });

  it('show a viewer what they opened lately, the latest first, in the same read', async () => {
    const services = createServices(db, test.config, pino({ level: 'silent' }), test.jobs);
    const signedIn: Viewer = { userId: VIEWER, userName: 'Viewer', photo: null, isAdmin: false, status: 1 };
    for (const name of ['B', 'A']) await services.items.rememberView(ids[name] as string, signedIn);
    const [viewed] = await services.search.rails([{ viewed: 10 }], signedIn, 'en');
    expect(viewed).toEqual(await services.items.recentlyViewed(signedIn, 'en', 'card'));
    expect(await services.search.rails([{ viewed: 10 }], null, 'en')).toEqual([[]]);
  });
});

describe('map cells', () => {
  it('cover every point of a circle, as PostgreSQL numbers the cells of each listing', async () => {
    const random = seededRandom(7).next;
    for (const [lat, lng, miles] of [
      [24.7136, 46.6753, 6.2],
      [21.5, 39.2, 0.5],
      [-33.87, 151.21, 40],
      [64.1, -21.9, 100],
      [0.05, -0.05, 3],
    ] as const) {
      const meters = miles * 1609.344;
      const cells = new Set(geoCellsAround({ lat, lng, meters }));
      expect(cells.size, `${lat},${lng}`).toBeGreaterThan(0);
      const points = Array.from({ length: 200 }, () => {
        // Uniform in the circle (the distance checked by earthdistance below); some right on its edge.
        const distance = meters * Math.min(1, Math.sqrt(random() * 1.1));
        const bearing = random() * 2 * Math.PI;
        return sql`(${lat}::float8, ${lng}::float8, ${distance}::float8, ${bearing}::float8)`;
      });
      const result = await db.execute<{ cells: number[] }>(sql`
        with p(lat, lng, distance, bearing) as (values ${sql.join(points, sql`, `)}),
        moved as (
          select degrees(asin(sin(radians(lat)) * cos(distance / earth()) + cos(radians(lat)) * sin(distance / earth()) * cos(bearing))) as lat,
            lng + degrees(atan2(sin(bearing) * sin(distance / earth()) * cos(radians(lat)),
              cos(distance / earth()) - sin(radians(lat)) * sin(radians(lat)))) as lng
          from p
        )
        select souk_geo_cells(lat, lng) as cells from moved
        where earth_distance(ll_to_earth(${lat}::float8, ${lng}::float8), ll_to_earth(lat, lng)) <= ${meters}::float8`);
      expect(result.rows.length).toBeGreaterThan(150);
      for (const row of result.rows)
        expect(
          row.cells.some((cell) => cells.has(cell)),
          `${lat},${lng}`,
        ).toBe(true);
    }
  });

  it('give way to the other indexes across a pole or the 180th meridian, or for a circle wider than the grids', () => {
    expect(geoCellsAround({ lat: 89.9, lng: 10, meters: 20_000 })).toBeNull();
    expect(geoCellsAround({ lat: 10, lng: 179.99, meters: 5_000 })).toBeNull();
    expect(geoCellsAround({ lat: 24.7, lng: 46.7, meters: 500_000 })).toBeNull();
    expect(geoCellsAround({ lat: 24.7, lng: 46.7, meters: 10_000 })?.length).toBeLessThanOrEqual(36);
  });
});

describe('map radius', () => {
  it('keeps items within the radius in miles (8 by default), nearest first when asked', async () => {
    expect((await search({ ...RIYADH })).names.sort()).toEqual(['A', 'B']);
    expect((await search({ ...RIYADH, mile: 1 })).names).toEqual(['A']);
    expect((await search({ ...RIYADH, mile: 300 })).names.sort()).toEqual(['A', 'B']);
    expect((await search({ lat: 24.8, lng: 46.7, order_by: 'distance' })).names).toEqual(['B', 'A']);
    // Around a pin, without an order asked for, the nearest come first.
    expect((await search({ lat: 24.71, lng: 46.67 })).names).toEqual(['A', 'B']);
    expect((await search({ lat: 24.8, lng: 46.7 })).names).toEqual(['B', 'A']);
    expect((await search({ lat: 21.55, lng: 39.17, mile: 5 })).names).toEqual(['C']);
  });
});

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
const forgedCursor = (fields: Record<string, unknown>) =>
  Buffer.from(JSON.stringify({ total: [1, false], ...fields })).toString('base64url');

describe('bad input', () => {
  it.each([
    ['min above max price', { min_price: 10, max_price: 5 }, VALIDATION.priceRange],
    ['a latitude without longitude', { lat: 24 }, null],
    ['a radius of 0', { lat: 24, lng: 46, mile: 0 }, null],
    ['a status other than active', { status: 0 }, null],
    ['a forged cursor', { cursor: 'bm90LWpzb24' }, null],
    ['a cursor with a date that is not one', { cursor: forgedCursor({ after: ['x', ZERO_UUID] }) }, null],
    [
      'a cursor with the 31st of February',
      { cursor: forgedCursor({ after: ['2026-02-31 10:00:00+00', ZERO_UUID] }) },
      null,
    ],
    [
      'a popular cursor with text for a count',
      { order_by: 'touch_count', cursor: forgedCursor({ after: ['x', ZERO_UUID] }) },
      null,
    ],
    ['an unknown order', { order_by: 'price' }, null],
    ['a letter for an id', { sub_cat_id: 'x' }, null],
    ['a search term too long', { search_term: 'x'.repeat(101) }, null],
  ])('refuses %s with 400', async (_name, params, message) => {
    const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
    const answer = await call('GET', `/items?${query}`);
    expect(answer.status).toBe(400);
    if (message) expect(answer.body.message).toBe('Your min and max price are not valid.');
  });

  it('takes punctuation-only text and odd scripts without an error', async () => {
    for (const term of ['\'":*&|!()', '\\', '😀', '%_']) {
      const query = new URLSearchParams({ search_term: term });
      expect((await call('GET', `/items?${query}`)).status, term).toBe(200);
    }
  });
});

describe('items from followed sellers and suggestions', () => {
  it('lists the followed seller’s public items for the viewer, and asks a visitor to sign in', async () => {
    const answer = await call('GET', '/items/following?limit=50', viewer);
    expect(answer.status).toBe(200);
    const found = (answer.body.data.items as Array<{ id: string }>).map((item) => item.id);
    for (const name of ['A', 'B', 'C', 'D', 'E']) expect(found).toContain(ids[name]);
    expect(found).not.toContain(ids.reported);
    expect(found).not.toContain(ids.pending);
    expect((await call('GET', '/items/following')).status).toBe(401);
  });

  it('suggests titles, brands and categories for a prefix', async () => {
    const texts = async (q: string) => {
      const answer = await call('GET', `/search/suggestions?${new URLSearchParams({ q })}`);
      expect(answer.status).toBe(200);
      return answer.body.data.suggestions as Array<{ kind: string; text: string; cat_id?: number }>;
    };
    expect(await texts('iph')).toContainEqual({ kind: 'title', text: 'iPhone 13 Pro Max' });
    expect(await texts('appl')).toContainEqual({ kind: 'brand', text: 'Apple' });
    expect(await texts('تويو')).toContainEqual({ kind: 'title', text: 'سيارة تويوتا كامري نظيفة' });
    expect((await texts('Search test')).some((s) => s.kind === 'category' && s.cat_id === catId)).toBe(true);
    expect((await call('GET', '/search/suggestions?q=')).status).toBe(400);
  });
});

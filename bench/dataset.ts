/**
 * Builds a realistic dataset of many listings (1,000,000 by default) for the discovery benchmarks (issue 10):
 * the app's migrations and demo seed first (lookups, categories, cities, demo users, items and their photos),
 * then sellers and listings that look like a marketplace's: a few big categories and many small ones, a Zipf
 * vocabulary of Arabic and English words (bench/dataset-text.ts), Arabic typed with and without hamza,
 * diacritics and tatweel, brands, prices in the city's currency, every lookup of a listing, vehicle details for
 * vehicle categories, coordinates spread around the seeded districts and out into the country, most listings
 * active and some pending, disabled, rejected, sold, deleted or paid, views and dates over two years. Photos
 * are shared by reference: image rows pointing at the demo photos of the same subcategory.
 *
 *   npm run bench:dataset                      1,000,000 listings into an embedded PostgreSQL in
 *                                              <tmp>/souk-dataset-1000000 (DATASET_DIR or --dir to choose)
 *   npm run bench:dataset -- --items=20000     DATASET_ITEMS; --seed / DATASET_SEED (20261124);
 *                                              --sellers / DATASET_SELLERS (items / 50, at most 20,000);
 *                                              --url / DATASET_URL: an existing PostgreSQL instead
 *
 * The rows are made here (one seeded generator: the same seed gives the same data) and sent 5,000 at a time
 * as JSON into INSERT ... SELECT FROM json_to_recordset, two batches at a time. The indexes of items and
 * images are set aside during the load and built again from their own definitions afterwards (building a
 * GIN or GiST index at once is far faster than growing it row by row); then VACUUM ANALYZE and the search
 * dictionary (search_words, by the search module's rebuildSearchWords). The generated column search_vector
 * is never named: PostgreSQL computes it from the base columns. The data folder is then what a server
 * started with DATA_DIR=<folder> serves (bench/search.ts does that), with dataset.json beside it
 * (bench/dataset-info.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { ITEM_STATUS, slugOf } from '../contract/items.ts';
import { USER_STATUS } from '../contract/users.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase } from '../server/db/database.ts';
import { type ListingTemplate, loadCatalog, loadListings } from '../server/db/seed/data-files.ts';
import { CITY_CURRENCY as DEMO_CITY_CURRENCY } from '../server/db/seed/demo-items.ts';
import { DEMO_ADMIN_ID } from '../server/db/seed/demo-users.ts';
import { seedOnStart } from '../server/db/seed/index.ts';
import { seededRandom } from '../server/db/seed/random.ts';
import { rebuildSearchWords } from '../server/modules/search/index.ts';
import {
  type DatasetInfo,
  DEFAULT_ITEMS,
  datasetDir,
  readDatasetInfo,
  SELLER_PREFIX,
  writeDatasetInfo,
} from './dataset-info.ts';
import {
  arabicStyle,
  buildVocabulary,
  Dictionary,
  type Draw,
  type Language,
  type RankedWord,
  SELLER_NAMES,
  styled,
  titleQualifiers,
  zipfIndex,
} from './dataset-text.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string' },
    seed: { type: 'string' },
    sellers: { type: 'string' },
    dir: { type: 'string' },
    url: { type: 'string' },
  },
});
const itemCount = Number(args.items ?? process.env.DATASET_ITEMS ?? DEFAULT_ITEMS);
const seed = Number(args.seed ?? process.env.DATASET_SEED ?? 20261124);
const sellerCount = Number(
  args.sellers ?? process.env.DATASET_SELLERS ?? Math.min(20_000, Math.max(100, Math.round(itemCount / 50))),
);
const dir = datasetDir(itemCount, args.dir ?? process.env.DATASET_DIR);
const externalUrl = args.url ?? process.env.DATASET_URL ?? '';
for (const [name, value] of Object.entries({ items: itemCount, seed, sellers: sellerCount })) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}

const BATCH = 5000;
const BATCHES_IN_FLIGHT = 2;
const DAY_MS = 24 * 60 * 60 * 1000;
const ARABIC_SHARE = 0.62;

/** Category sizes: the first few large, then a long tail (weight 1 / rank). Unknown categories go last. */
const CATEGORY_ORDER = [
  'vehicles',
  'phones-tablets',
  'real-estate',
  'electronics',
  'home-furniture',
  'fashion',
  'home-appliances',
  'jobs',
  'services',
  'pets-animals',
  'sports-outdoors',
  'kids-babies',
  'books-hobbies',
];
/** Relative number of listings per city (others: 2). */
const CITY_WEIGHT: Record<string, number> = {
  Riyadh: 18,
  Jeddah: 14,
  Mecca: 5,
  Medina: 4,
  Dammam: 6,
  Khobar: 4,
  Dubai: 12,
  'Abu Dhabi': 6,
  Sharjah: 5,
  Cairo: 10,
  Alexandria: 4,
  Amman: 4,
  'Kuwait City': 5,
  Doha: 4,
  Manama: 2,
  Muscat: 3,
};
/** Each city's currency, with a rough rate from SAR: the demo's, and the cities only the dataset uses. */
const CITY_CURRENCY: Record<string, { code: string; rate: number }> = {
  ...DEMO_CITY_CURRENCY,
  Manama: { code: 'BHD', rate: 0.1 },
  Muscat: { code: 'OMR', rate: 0.1 },
};
const VEHICLE_TYPE_OF: Record<string, string> = {
  cars: 'Car',
  motorcycles: 'Motorcycle',
  trucks: 'Truck',
  boats: 'Boat',
  'heavy-equipment': 'Heavy Equipment',
};
const REASONS = {
  ar: ['الصور لا تُظهر السلعة المعروضة.', 'السعر لا يطابق الوصف.', 'إعلان مكرر.', 'أوقفت الإدارة الإعلان بعد بلاغات.'],
  en: [
    'The photos do not show the item.',
    'The price does not match the description.',
    'Duplicate listing.',
    'Disabled after reports.',
  ],
};

const timings: Record<string, number> = {};
const log = (line: string) => process.stdout.write(`${line}\n`);

async function step<T>(name: string, task: () => Promise<T>): Promise<T> {
  const start = performance.now();
  log(`- ${name} ...`);
  const result = await task();
  const seconds = (performance.now() - start) / 1000;
  timings[name] = Math.round(seconds * 10) / 10;
  log(`  ${name}: ${seconds.toFixed(1)} s`);
  return result;
}

/** Picks an index with the given relative weights from a number in [0, 1). */
function weighted(weights: number[]) {
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) {
    total += weight;
    cumulative.push(total);
  }
  return (u: number) => {
    const target = u * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}

interface Named {
  id: number;
  name: string;
}
interface Category {
  id: number;
  slug: string;
  isVehicle: boolean;
  subcategories: Array<{ id: number; slug: string; templates: ListingTemplate[] }>;
}
interface City {
  id: number;
  name: string;
  names: Record<string, string>;
  lat: number;
  lng: number;
  townships: Array<{ id: number; lat: number; lng: number }>;
}
interface References {
  categories: Category[];
  cities: City[];
  lookups: Record<string, Named[]>;
  currencies: Map<string, number>;
  manufacturers: Map<string, number>;
  models: Map<string, number>;
}

async function loadReferences(pool: pg.Pool): Promise<References> {
  const rows = async <T>(text: string) => (await pool.query(text)).rows as T[];
  const templatesBySub = new Map<string, ListingTemplate[]>();
  for (const template of loadListings()) {
    templatesBySub.set(template.subcategory, [...(templatesBySub.get(template.subcategory) ?? []), template]);
  }
  const categories = await rows<{ id: number; slug: string; is_vehicle: boolean }>(
    'select cat_id as id, slug, is_vehicle from categories where status = 1 order by cat_ordering, cat_id',
  );
  const subcategories = await rows<{ id: number; cat_id: number; slug: string }>(
    'select id, cat_id, slug from subcategories where status = 1 order by ordering, id',
  );
  const cityNames = new Map(loadCatalog().cities.map((city) => [city.name, city.names]));
  const cities = await rows<{ id: number; name: string; lat: number; lng: number }>(
    'select id, name, lat, lng from item_locations order by ordering, id',
  );
  const townships = await rows<{ id: number; city_id: number; lat: number; lng: number }>(
    'select id, city_id, lat, lng from location_townships order by odering, id',
  );
  const lookups: Record<string, Named[]> = {};
  for (const table of [
    'item_types',
    'item_conditions',
    'item_price_types',
    'deal_options',
    'transmissions',
    'colors',
    'fuel_types',
    'body_styles',
    'seller_types',
    'vehicle_types',
    'engine_statuses',
  ]) {
    lookups[table] = await rows<Named>(`select id, name from ${table} order by ordering, id`);
  }
  const currencies = await rows<{ id: number; code: string }>('select id, currency_short_form as code from currencies');
  const manufacturers = await rows<Named>('select id, name from manufacturers');
  const models = await rows<{ id: number; make: string; name: string }>(
    'select m.id, f.name as make, m.name from models m join manufacturers f on f.id = m.manufacturer_id',
  );
  const rank = (slug: string) => {
    const index = CATEGORY_ORDER.indexOf(slug);
    return index < 0 ? CATEGORY_ORDER.length : index;
  };
  return {
    categories: categories
      .map((category) => ({
        id: category.id,
        slug: category.slug,
        isVehicle: category.is_vehicle,
        subcategories: subcategories
          .filter((subcategory) => subcategory.cat_id === category.id)
          .map((subcategory) => ({ ...subcategory, templates: templatesBySub.get(subcategory.slug) ?? [] }))
          .filter((subcategory) => subcategory.templates.length > 0),
      }))
      .filter((category) => category.subcategories.length > 0)
      .sort((a, b) => rank(a.slug) - rank(b.slug)),
    cities: cities.map((city) => ({
      ...city,
      names: cityNames.get(city.name) ?? {},
      townships: townships.filter((township) => township.city_id === city.id),
    })),
    lookups,
    currencies: new Map(currencies.map((currency) => [currency.code, currency.id])),
    manufacturers: new Map(manufacturers.map((row) => [row.name, row.id])),
    models: new Map(models.map((row) => [`${row.make}/${row.name}`, row.id])),
  };
}

interface Seller {
  id: string;
  cityIndex: number;
  visible: boolean;
  business: boolean;
}

function makeSellers(refs: References, draw: Draw, now: number) {
  const pickCity = weighted(refs.cities.map((city) => CITY_WEIGHT[city.name] ?? 2));
  const sellers: Seller[] = [];
  const rows: Record<string, unknown>[] = [];
  for (let index = 0; index < sellerCount; index++) {
    const number = String(index + 1).padStart(5, '0');
    const language: Language = draw.chance(ARABIC_SHARE) ? 'ar' : 'en';
    const names = SELLER_NAMES[language];
    const business = draw.chance(0.06);
    const last = draw.pick(names.last);
    const name = business ? `${draw.pick(names.shop)} ${last}` : `${draw.pick(names.first)} ${last}`;
    const u = draw.next();
    const status = u < 0.01 ? USER_STATUS.deactivated : USER_STATUS.active;
    const banned = draw.chance(0.01);
    const cityIndex = pickCity(draw.next());
    const id = `${SELLER_PREFIX}${number}`;
    sellers.push({ id, cityIndex, visible: status === USER_STATUS.active && !banned, business });
    const added = new Date(now - draw.next() * 900 * DAY_MS).toISOString();
    rows.push({
      id,
      user_name: name,
      user_email: `seller${number}@bench.souk.test`,
      email_verify: true,
      role_id: 1,
      city: refs.cities[cityIndex]?.id ?? null,
      status,
      is_banned: banned,
      is_verified_dealer: business && draw.chance(0.5),
      is_verify_blue_mark: draw.chance(0.05),
      user_about_me: '',
      added_date: added,
      updated_date: added,
    });
  }
  return { sellers, rows };
}

function roundPrice(value: number) {
  if (value >= 10_000) return Math.round(value / 500) * 500;
  if (value >= 1_000) return Math.round(value / 50) * 50;
  return Math.max(5, Math.round(value / 5) * 5);
}

function uuidFrom(draw: Draw) {
  const part = () =>
    Math.floor(draw.next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  const [a, b, c, d] = [part(), part(), part(), part()];
  const variant = (8 + Math.floor(draw.next() * 4)).toString(16);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4, 8)}${d}`;
}

/** A point `km` or less from a centre, at a random bearing (6 decimals, as the app stores them). */
function around(lat: number, lng: number, km: number, draw: Draw) {
  const angle = draw.next() * 2 * Math.PI;
  const dLat = (km * Math.cos(angle)) / 111.32;
  const dLng = (km * Math.sin(angle)) / (111.32 * Math.cos((lat * Math.PI) / 180));
  return { lat: Number((lat + dLat).toFixed(6)), lng: Number((lng + dLng).toFixed(6)) };
}

/** Everything the listings are made of, prepared once. */
function prepare(refs: References, draw: Draw) {
  const catalog = loadCatalog();
  const templates = refs.categories.flatMap((category) => category.subcategories.flatMap((sub) => sub.templates));
  const dictionary = new Dictionary();
  const vocabulary = {
    ar: buildVocabulary('ar', templates, catalog, dictionary, draw),
    en: buildVocabulary('en', templates, catalog, dictionary, draw),
  };
  // The word numbers of each template's text and brand, per language, counted once per listing.
  const templateWords = new Map<ListingTemplate, Record<Language, number[]>>();
  for (const template of templates) {
    const brand = template.brand ?? '';
    templateWords.set(template, {
      ar: dictionary.idsOf(`${template.title.ar} ${template.description.ar} ${brand}`),
      en: dictionary.idsOf(`${template.title.en} ${template.description.en} ${brand}`),
    });
  }
  const qualifiers = {
    ar: titleQualifiers('ar').map((text) => ({ text, ids: dictionary.idsOf(text) })),
    en: titleQualifiers('en').map((text) => ({ text, ids: dictionary.idsOf(text) })),
  };
  const cityWords = refs.cities.map((city) => ({
    ar: { text: `في ${city.names.ar ?? city.name}`, ids: dictionary.idsOf(`في ${city.names.ar ?? city.name}`) },
    en: { text: `in ${city.names.en ?? city.name}`, ids: dictionary.idsOf(`in ${city.names.en ?? city.name}`) },
  }));
  return {
    dictionary,
    vocabulary,
    templateWords,
    qualifiers,
    cityWords,
    pickCategory: weighted(refs.categories.map((_, rank) => 1 / (rank + 1))),
    pickCity: weighted(refs.cities.map((city) => CITY_WEIGHT[city.name] ?? 2)),
  };
}

type Prepared = ReturnType<typeof prepare>;

/** Counts of visible listings per word and category, and the sample of visible ids. */
class Tally {
  readonly words: Int32Array;
  readonly categories: Int32Array;
  readonly seen: Int32Array;
  readonly sample: string[] = [];
  visible = 0;
  readonly categoryCount: number;
  readonly sampleEvery: number;
  constructor(wordCount: number, categoryCount: number, sampleEvery: number) {
    this.categoryCount = categoryCount;
    this.sampleEvery = sampleEvery;
    this.words = new Int32Array(wordCount * categoryCount);
    this.categories = new Int32Array(categoryCount);
    this.seen = new Int32Array(wordCount).fill(-1);
  }
  add(item: number, category: number, id: string, wordIds: number[][]) {
    this.categories[category] = (this.categories[category] ?? 0) + 1;
    if (this.visible++ % this.sampleEvery === 0 && this.sample.length < 500) this.sample.push(id);
    for (const list of wordIds) {
      for (const word of list) {
        if (this.seen[word] === item) continue;
        this.seen[word] = item;
        const at = word * this.categoryCount + category;
        this.words[at] = (this.words[at] ?? 0) + 1;
      }
    }
  }
}

/** The most frequent words (and, with, في, مع ...): in running text, but no one types them as a keyword or tag. */
const FUNCTION_WORDS = 40;

/**
 * Draws `count` words of a language's vocabulary (Zipf), a few from the other language in Arabic listings;
 * `content` leaves out the function words at the head.
 */
function drawWords(prepared: Prepared, language: Language, count: number, draw: Draw, content = false): RankedWord[] {
  const words: RankedWord[] = [];
  const skip = content ? FUNCTION_WORDS : 0;
  for (let index = 0; index < count; index++) {
    const from = language === 'ar' && draw.chance(0.1) ? 'en' : language;
    const list = prepared.vocabulary[from];
    const word = list[skip + zipfIndex(draw.next(), list.length - skip)];
    if (word) words.push(word);
  }
  return words;
}

function vehicleFields(
  template: ListingTemplate,
  subSlug: string,
  refs: References,
  draw: Draw,
): Record<string, number | null> {
  const lookups = refs.lookups;
  const idOf = (table: string, name: string) => lookups[table]?.find((row) => row.name === name)?.id ?? null;
  const anyOf = (table: string, first?: number) => {
    const list = lookups[table] ?? [];
    return draw.pick(first ? list.slice(0, first) : list)?.id ?? null;
  };
  const vehicleType = VEHICLE_TYPE_OF[subSlug];
  const vehicle = template.vehicle;
  if (!vehicle) {
    if (!vehicleType) return {};
    return {
      year: draw.int(2008, 2025),
      vehicle_type_id: idOf('vehicle_types', vehicleType),
      fuel_type_id: idOf('fuel_types', vehicleType === 'Boat' ? 'Gasoline' : 'Diesel'),
      seller_type_id: anyOf('seller_types'),
      engine_status_id: anyOf('engine_statuses', 3),
    };
  }
  return {
    manufacturer_id: refs.manufacturers.get(vehicle.manufacturer) ?? null,
    model_id: refs.models.get(`${vehicle.manufacturer}/${vehicle.model}`) ?? null,
    year: draw.int(vehicle.year_min - 4, vehicle.year_max + 1),
    mileage: Math.max(0, Math.round((draw.next() * vehicle.mileage_max * 1.3) / 1000) * 1000),
    transmission_id: anyOf('transmissions', 2),
    fuel_type_id: draw.chance(0.9) ? idOf('fuel_types', 'Gasoline') : anyOf('fuel_types'),
    color_id: anyOf('colors'),
    body_style_id: subSlug === 'cars' ? anyOf('body_styles') : null,
    seller_type_id: anyOf('seller_types'),
    vehicle_type_id: idOf('vehicle_types', vehicleType ?? 'Car'),
    engine_status_id: anyOf('engine_statuses', 2),
  };
}

/** Fixed, negotiable, free, contact for price (item_price_types in their seeded order). */
const pickPriceType = weighted([40, 45, 3, 12]);

/** One listing's row (only the columns that are not null) and the words it holds, for the tally. */
function makeItem(
  index: number,
  refs: References,
  prepared: Prepared,
  sellers: Seller[],
  draw: Draw,
  now: number,
  tally: Tally,
) {
  // Every part is drawn from the one generator in a fixed order: the same seed gives the same listings.
  const placement = placeListing(refs, prepared, sellers, draw);
  const { category, sub, template, language, seller, city, township } = placement;
  const text = listingText(prepared, placement, draw);
  const { currency, priceType, price } = listingPrice(refs.lookups, template, city, draw);
  const itemType = itemTypeOf(category.slug, sub.slug, draw);
  const point = listingPoint(city, township, draw);
  const state = listingState(now, draw);
  const touchCount = zipfIndex(draw.next(), 5000, 3);
  const id = uuidFrom(draw);
  const row = withoutNulls({
    id,
    slug: slugOf(text.title),
    title: text.title,
    description: text.description,
    keyword: text.keyword,
    cat_id: category.id,
    sub_cat_id: sub.id,
    item_type_id: lookupId(refs.lookups, 'item_types', itemType),
    item_price_type_id: priceType?.id ?? null,
    item_currency_id: refs.currencies.get(currency) ?? refs.currencies.get('SAR') ?? null,
    item_location_id: city.id,
    item_location_township_id: township?.id ?? null,
    condition_of_item_id: conditionId(refs.lookups, template, draw),
    deal_option_id: draw.pick(refs.lookups.deal_options ?? [])?.id ?? null,
    price,
    brand: template.brand,
    business_mode: seller.business || draw.chance(0.05),
    is_sold_out: state.status === ITEM_STATUS.active && draw.chance(0.07),
    lat: point?.lat ?? null,
    lng: point?.lng ?? null,
    ...moderationColumns(state, language, draw),
    touch_count: touchCount,
    favourite_count: Math.floor(touchCount * draw.next() * 0.05),
    is_paid: draw.chance(0.02),
    ...(category.isVehicle ? vehicleFields(template, sub.slug, refs, draw) : {}),
    added_date: new Date(state.added).toISOString(),
    added_user_id: seller.id,
    updated_date: new Date(state.added).toISOString(),
    deleted_at: state.deleted === null ? null : new Date(state.deleted).toISOString(),
  });
  if (state.status === ITEM_STATUS.active && state.deleted === null && seller.visible) {
    tally.add(index, placement.categoryIndex, id, text.words);
  }
  return row;
}

const lookupId = (lookups: References['lookups'], table: string, name: string) =>
  lookups[table]?.find((row) => row.name === name)?.id ?? null;

/** The row without its null columns (the insert leaves those to the table). */
function withoutNulls(row: Record<string, unknown>) {
  for (const key of Object.keys(row)) if (row[key] === null) delete row[key];
  return row;
}

/** What a listing is and who sells it where: category, subcategory, template, language, seller, city, district. */
function placeListing(refs: References, prepared: Prepared, sellers: Seller[], draw: Draw) {
  const categoryIndex = prepared.pickCategory(draw.next());
  const category = refs.categories[categoryIndex] as Category;
  const sub =
    category.subcategories[zipfIndex(draw.next(), category.subcategories.length, 2)] ?? category.subcategories[0];
  if (!sub) throw new Error(`category ${category.slug} has no subcategory with listings.json templates`);
  const template = draw.pick(sub.templates);
  const language: Language = draw.chance(ARABIC_SHARE) ? 'ar' : 'en';
  const seller = sellers[zipfIndex(draw.next(), sellers.length, 50)] as Seller;
  const cityIndex = draw.chance(0.85) ? seller.cityIndex : prepared.pickCity(draw.next());
  const city = refs.cities[cityIndex] as City;
  const township =
    city.townships.length > 0 ? city.townships[zipfIndex(draw.next(), city.townships.length, 2)] : undefined;
  return { categoryIndex, category, sub, template, language, seller, cityIndex, city, township };
}

type Placement = ReturnType<typeof placeListing>;

/** Text: the template's words, a qualifier or the city now and then, a tail word; tags after the description. */
function listingText(prepared: Prepared, placement: Placement, draw: Draw) {
  const { template, language } = placement;
  const words: number[][] = [prepared.templateWords.get(template)?.[language] ?? []];
  let title = listingTitle(prepared, placement, words, draw);
  const tags = drawWords(prepared, language, draw.int(4, 14), draw);
  words.push(tags.map((word) => word.id));
  let description = `${template.description[language]}\n${tags.map((word) => word.text).join(' ')}`;
  let keyword: string | null = null;
  if (draw.chance(0.3)) {
    const keywords = drawWords(prepared, language, draw.int(1, 3), draw, true);
    keyword = keywords.map((word) => word.text).join(', ');
    words.push(keywords.map((word) => word.id));
  }
  if (language === 'ar') {
    const style = arabicStyle(draw);
    title = styled(title, style);
    description = styled(description, style);
    if (keyword) keyword = styled(keyword, style);
  }
  return { title, description, keyword, words };
}

/** The template's title, with a qualifier or the city now and then, and a tail word; their words join `words`. */
function listingTitle(prepared: Prepared, { template, language, cityIndex }: Placement, words: number[][], draw: Draw) {
  let title = template.title[language];
  const shape = draw.next();
  if (shape < 0.35) {
    const qualifier = draw.pick(prepared.qualifiers[language]);
    title = shape < 0.25 ? `${title} ${qualifier.text}` : `${qualifier.text} ${title}`;
    words.push(qualifier.ids);
  } else if (shape < 0.45) {
    const place = prepared.cityWords[cityIndex]?.[language];
    if (place) {
      title = `${title} ${place.text}`;
      words.push(place.ids);
    }
  }
  if (draw.chance(0.2)) {
    const [extra] = drawWords(prepared, language, 1, draw, true);
    if (extra) {
      title = `${title} ${extra.text}`;
      words.push([extra.id]);
    }
  }
  return title;
}

/** Price in the city's currency (a few in US dollars), spread over the template's range; free ones cost 0. */
function listingPrice(lookups: References['lookups'], template: ListingTemplate, city: City, draw: Draw) {
  const usd = draw.chance(0.05);
  const local = usd ? { code: 'USD', rate: 0.27 } : (CITY_CURRENCY[city.name] ?? { code: 'SAR', rate: 1 });
  const priceTypes = lookups.item_price_types ?? [];
  const priceType = priceTypes[pickPriceType(draw.next())] ?? priceTypes[0];
  const low = Math.max(1, template.price_min);
  const high = Math.max(low, template.price_max);
  const price =
    priceType?.name === 'Free'
      ? 0
      : roundPrice(Math.exp(Math.log(low) + draw.next() * (Math.log(high) - Math.log(low))) * local.rate);
  return { currency: local.code, priceType, price };
}

/** The item type (item_types name): services, rentals and jobs by their category, most others for sale. */
function itemTypeOf(categorySlug: string, subSlug: string, draw: Draw) {
  if (categorySlug === 'services') return 'Service';
  if (subSlug.includes('rent')) return 'For Rent';
  if (categorySlug === 'jobs') return 'Wanted';
  if (draw.chance(0.04)) return 'Wanted';
  return draw.chance(0.02) ? 'Exchange' : 'For Sale';
}

/** Place: near the district mostly, out in the country sometimes, a few without a pin. */
function listingPoint(city: City, township: City['townships'][number] | undefined, draw: Draw) {
  if (draw.chance(0.01)) return null;
  const far = draw.chance(0.12);
  const centre = far || !township ? city : township;
  return far
    ? around(city.lat, city.lng, 150 * Math.sqrt(draw.next()), draw)
    : around(centre.lat, centre.lng, 25 * draw.next(), draw);
}

/** State and dates: two years of listings, more of them recent; pending ones are new. */
function listingState(now: number, draw: Draw) {
  const status = listingStatus(draw.next());
  const ageMs = status === ITEM_STATUS.pending ? draw.next() * 7 * DAY_MS : draw.next() ** 1.4 * 730 * DAY_MS;
  const added = now - Math.floor(ageMs);
  const decided = status === ITEM_STATUS.pending ? null : Math.min(now, added + draw.int(1, 12) * 3_600_000);
  const deleted = draw.chance(0.03) ? added + Math.floor(draw.next() * (now - added)) : null;
  return { status, added, decided, deleted };
}

/** Most listings active; some pending, disabled or rejected (`u` in [0, 1)). */
function listingStatus(u: number) {
  if (u < 0.9) return ITEM_STATUS.active;
  if (u < 0.935) return ITEM_STATUS.pending;
  return u < 0.955 ? ITEM_STATUS.disabled : ITEM_STATUS.rejected;
}

/** Mostly the template's condition, any other now and then. */
function conditionId(lookups: References['lookups'], template: ListingTemplate, draw: Draw) {
  return draw.chance(0.7)
    ? lookupId(lookups, 'item_conditions', template.condition)
    : (draw.pick(lookups.item_conditions ?? [])?.id ?? null);
}

/** The status and, for a listing the moderators decided on, who decided when (and why, when it is refused). */
function moderationColumns(state: ReturnType<typeof listingState>, language: Language, draw: Draw) {
  const { status, decided } = state;
  const refused = status === ITEM_STATUS.disabled || status === ITEM_STATUS.rejected;
  return {
    status,
    reject_reason: refused ? draw.pick(REASONS[language]) : null,
    decided_by_id: decided === null ? null : DEMO_ADMIN_ID,
    decided_at: decided === null ? null : new Date(decided).toISOString(),
  };
}

/** The columns a generated listing fills, with their types (search_vector is computed by PostgreSQL). */
const ITEM_COLUMNS = `id uuid, slug text, title text, description text, keyword text, cat_id int, sub_cat_id int,
  item_type_id int, item_price_type_id int, item_currency_id int, item_location_id int,
  item_location_township_id int, condition_of_item_id int, deal_option_id int, price numeric, brand text,
  business_mode boolean, is_sold_out boolean, lat double precision, lng double precision, status smallint,
  reject_reason text, decided_by_id text, decided_at timestamptz, touch_count int, favourite_count int,
  is_paid boolean, manufacturer_id int, model_id int, transmission_id int, fuel_type_id int, body_style_id int,
  color_id int, seller_type_id int, vehicle_type_id int, engine_status_id int, year smallint, mileage int,
  added_date timestamptz, added_user_id text, updated_date timestamptz, deleted_at timestamptz`;

/** Inserts from a JSON array of row objects: one parameter, any number of rows. */
function insertFromJson(table: string, columns: string) {
  const names = columns.split(',').map((column) => column.trim().split(/\s+/)[0]);
  return `insert into ${table} (${names.join(', ')}) select ${names.join(', ')} from json_to_recordset($1::json) as x(${columns})`;
}
const USER_COLUMNS = `id text, user_name text, user_email text, email_verify boolean, role_id int, city int,
  status smallint, is_banned boolean, is_verified_dealer boolean, is_verify_blue_mark boolean,
  user_about_me text, added_date timestamptz, updated_date timestamptz`;

async function loadItems(
  bulk: pg.Pool,
  refs: References,
  prepared: Prepared,
  sellers: Seller[],
  draw: Draw,
  now: number,
) {
  const tally = new Tally(
    prepared.dictionary.words.length,
    refs.categories.length,
    Math.max(1, Math.floor(itemCount / 600)),
  );
  const insert = insertFromJson('items', ITEM_COLUMNS);
  const pending: Promise<unknown>[] = [];
  const started = performance.now();
  let lastReport = started;
  let making = 0;
  for (let start = 0; start < itemCount; start += BATCH) {
    const makeStart = performance.now();
    const rows: Record<string, unknown>[] = [];
    for (let index = start; index < Math.min(itemCount, start + BATCH); index++) {
      rows.push(makeItem(index, refs, prepared, sellers, draw, now, tally));
    }
    const payload = JSON.stringify(rows);
    making += performance.now() - makeStart;
    if (pending.length >= BATCHES_IN_FLIGHT) await pending.shift();
    const query = bulk.query(insert, [payload]);
    query.catch(() => undefined); // awaited below; this only keeps an early failure from being "unhandled"
    pending.push(query);
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      const done = start + rows.length;
      const rate = done / ((lastReport - started) / 1000);
      log(
        `  ${done.toLocaleString('en')} listings, ${Math.round(rate).toLocaleString('en')}/s ` +
          `(making the rows: ${(making / 1000).toFixed(1)} s of ${((lastReport - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  await Promise.all(pending);
  log(
    `  rows made in ${(making / 1000).toFixed(1)} s; the rest is PostgreSQL storing them (and computing search_vector)`,
  );
  return tally;
}

/** Two or three photo rows per listing, pointing at the demo photos of its subcategory (files shared). */
async function loadImages(bulk: pg.Pool) {
  await bulk.query(`
    with demo as (
      select distinct i.sub_cat_id, m.img_path, m.img_width, m.img_height
        from images m join items i on i.id::text = m.img_parent_id
       where m.img_type = 'item' and i.added_user_id not like '${SELLER_PREFIX}%'
    ), pools as (
      select sub_cat_id, array_agg(img_path order by img_path) as paths,
             array_agg(img_width order by img_path) as widths, array_agg(img_height order by img_path) as heights
        from demo group by sub_cat_id
    ), everything as (
      select array_agg(img_path order by img_path) as paths, array_agg(img_width order by img_path) as widths,
             array_agg(img_height order by img_path) as heights
        from (select distinct img_path, img_width, img_height from demo) photos
    )
    insert into images (img_id, img_parent_id, img_type, img_path, img_width, img_height, img_desc, ordering, added_date)
    select md5(i.id::text || '-' || k)::uuid, i.id::text, 'item',
           (coalesce(p.paths, e.paths))[1 + (h + k) % cardinality(coalesce(p.paths, e.paths))],
           (coalesce(p.widths, e.widths))[1 + (h + k) % cardinality(coalesce(p.paths, e.paths))],
           (coalesce(p.heights, e.heights))[1 + (h + k) % cardinality(coalesce(p.paths, e.paths))],
           '', k, i.added_date
      from (select id, sub_cat_id, added_date, abs(hashtext(id::text)) as h
              from items where added_user_id like '${SELLER_PREFIX}%') i
      left join pools p on p.sub_cat_id = i.sub_cat_id
      cross join everything e
      cross join lateral generate_series(1, 1 + i.h % 3) as k
     where cardinality(coalesce(p.paths, e.paths)) > 0`);
}

/** Indexes of a table that no constraint needs (those can be dropped and built again). */
async function setAsideIndexes(bulk: pg.Pool, tables: string[]) {
  const { rows } = await bulk.query<{ table: string; name: string; definition: string }>(
    `select t.relname as table, c.relname as name, pg_get_indexdef(c.oid) as definition
       from pg_index x
       join pg_class c on c.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname = any($1)
        and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)
      order by t.relname, c.relname`,
    [tables],
  );
  return rows;
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else if (entry.isFile()) total += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** The search dictionary (search_words, the words misspellings are corrected against), from the search module. */
async function fillSearchWords(bulk: pg.Pool, database: Awaited<ReturnType<typeof openDatabase>>) {
  const table = await bulk.query<{ found: string | null }>("select to_regclass('search_words')::text as found");
  if (!table.rows[0]?.found) return 'no search_words table';
  await rebuildSearchWords(database.db);
  const count = await bulk.query<{ n: number }>('select count(*)::int as n from search_words');
  return `rebuilt with the search module's rebuildSearchWords: ${count.rows[0]?.n ?? 0} words`;
}

async function main() {
  await fs.mkdir(dir, { recursive: true });
  const previous = await readDatasetInfo(dir);
  if (previous?.state === 'loading') {
    throw new Error(`A generation into ${dir} stopped half-way. Delete that folder and run again.`);
  }
  log(
    `Souk dataset: ${itemCount.toLocaleString('en')} listings, ${sellerCount.toLocaleString('en')} sellers, seed ${seed}`,
  );
  log(`data folder: ${dir}${externalUrl ? ' (database: DATASET_URL)' : ' (embedded PostgreSQL)'}`);
  const logger = pino({ level: 'warn' });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: externalUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
  });
  const total = performance.now();
  const database = await step('start PostgreSQL', () => openDatabase(config, logger));
  // Bulk work on its own connections: no waiting for the disk at each commit, memory for index builds.
  const bulk = new pg.Pool({
    connectionString: database.url,
    max: BATCHES_IN_FLIGHT + 1,
    options: '-c synchronous_commit=off -c maintenance_work_mem=512MB -c statement_timeout=0',
  });
  try {
    await step('migrations and demo seed', () =>
      migrateDatabase(database.pool, (db) => seedOnStart(db, config, logger)),
    );
    if (await holdsDatasetAlready(bulk, previous)) return;
    await generate(bulk, database, total);
  } finally {
    await bulk.end().catch(() => undefined);
    await database.close();
  }
}

type Database = Awaited<ReturnType<typeof openDatabase>>;
type SetAsideIndex = DatasetInfo['droppedIndexes'][number];

/** True when this folder already holds this dataset; any other generated sellers in the database are refused. */
async function holdsDatasetAlready(bulk: pg.Pool, previous: DatasetInfo | undefined) {
  const existing = await bulk.query<{ n: number }>('select count(*)::int as n from users where id like $1', [
    `${SELLER_PREFIX}%`,
  ]);
  if ((existing.rows[0]?.n ?? 0) === 0) return false;
  if (previous?.state === 'done' && previous.items === itemCount) {
    log(`\nThis folder already holds the dataset (${previous.counts.items.toLocaleString('en')} listings).`);
    return true;
  }
  throw new Error(`The database already holds generated sellers. Delete ${dir} (or use another) and run again.`);
}

/** Sellers, listings and photo rows, then the indexes, statistics and search dictionary, and dataset.json. */
async function generate(bulk: pg.Pool, database: Database, total: number) {
  const draw = seededRandom(seed);
  const now = Date.now();
  const refs = await loadReferences(bulk);
  const prepared = prepare(refs, draw);
  const { sellers, rows: sellerRows } = makeSellers(refs, draw, now);
  await step(`sellers (${sellerCount.toLocaleString('en')})`, () =>
    bulk.query(insertFromJson('users', USER_COLUMNS), [JSON.stringify(sellerRows)]),
  );

  const droppedIndexes = await setAsideIndexes(bulk, ['items', 'images']);
  const info = loadingInfo(now, droppedIndexes);
  await writeDatasetInfo(dir, info);
  const tally = await withIndexesSetAside(bulk, droppedIndexes, async () => {
    const loaded = await step(`listings (${itemCount.toLocaleString('en')})`, () =>
      loadItems(bulk, refs, prepared, sellers, draw, now),
    );
    await step('photo rows', () => loadImages(bulk));
    return loaded;
  });
  await step('vacuum analyze', async () => {
    for (const table of ['items', 'images', 'users']) await bulk.query(`vacuum (analyze) ${table}`);
  });
  info.searchWords = await step('search dictionary', () => fillSearchWords(bulk, database));
  log(`  ${info.searchWords}`);
  await bulk.query('checkpoint').catch(() => undefined);

  await completeInfo(info, bulk, refs, prepared, tally, total);
  await writeDatasetInfo(dir, info);
  printSummary(info);
}

/** dataset.json while the generator runs: it says what is being made, so a half-made folder is recognised. */
function loadingInfo(now: number, droppedIndexes: SetAsideIndex[]): DatasetInfo {
  return {
    version: 1,
    state: 'loading',
    items: itemCount,
    sellers: sellerCount,
    seed,
    database: externalUrl ? 'external' : 'embedded',
    startedAt: new Date(now).toISOString(),
    droppedIndexes,
    timings,
    sizes: { databaseBytes: 0, itemsBytes: 0, imagesBytes: 0, folderBytes: 0 },
    counts: { items: 0, visibleItems: 0, images: 0, sellers: sellerCount, bannedSellers: 0 },
    categories: [],
    cities: [],
    conditionIds: [],
    words: [],
    sampleItemIds: [],
    searchWords: '',
  };
}

/** Drops the indexes, runs `load`, then builds them again from their definitions, whether or not it failed. */
async function withIndexesSetAside<T>(bulk: pg.Pool, indexes: SetAsideIndex[], load: () => Promise<T>) {
  try {
    await step(`set aside ${indexes.length} indexes`, async () => {
      for (const index of indexes) await bulk.query(`drop index "${index.name}"`);
    });
    return await load();
  } finally {
    await step('indexes built again', async () => {
      for (const index of indexes) {
        const start = performance.now();
        await bulk.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
        log(`    ${index.name}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
      }
    });
  }
}

/** dataset.json once done: the counts, sizes and timings, and what bench/search.ts draws its queries from. */
async function completeInfo(
  info: DatasetInfo,
  bulk: pg.Pool,
  refs: References,
  prepared: Prepared,
  tally: Tally,
  total: number,
) {
  const counts = await bulk.query<{ items: number; images: number; banned: number }>(
    `select (select count(*)::int from items) as items,
            (select count(*)::int from images where img_type = 'item') as images,
            (select count(*)::int from users where id like '${SELLER_PREFIX}%' and (is_banned or status <> 1)) as banned`,
  );
  const sizes = await bulk.query<{ database: number; items: number; images: number }>(
    `select pg_database_size(current_database()) as database, pg_total_relation_size('items') as items,
            pg_total_relation_size('images') as images`,
  );
  info.state = 'done';
  info.counts = {
    items: counts.rows[0]?.items ?? 0,
    visibleItems: tally.visible,
    images: counts.rows[0]?.images ?? 0,
    sellers: sellerCount,
    bannedSellers: counts.rows[0]?.banned ?? 0,
  };
  info.categories = refs.categories.map((category, index) => ({
    id: category.id,
    slug: category.slug,
    isVehicle: category.isVehicle,
    visibleItems: tally.categories[index] ?? 0,
  }));
  info.cities = refs.cities.map((city) => ({
    id: city.id,
    name: city.name,
    lat: city.lat,
    lng: city.lng,
    townships: city.townships.map((township) => ({ id: township.id, lat: township.lat, lng: township.lng })),
  }));
  info.conditionIds = (refs.lookups.item_conditions ?? []).map((row) => row.id);
  info.words = wordStatistics(prepared, refs, tally);
  info.sampleItemIds = tally.sample;
  timings.total = Math.round((performance.now() - total) / 100) / 10;
  info.sizes = {
    databaseBytes: Number(sizes.rows[0]?.database ?? 0),
    itemsBytes: Number(sizes.rows[0]?.items ?? 0),
    imagesBytes: Number(sizes.rows[0]?.images ?? 0),
    folderBytes: await folderBytes(dir),
  };
}

function wordStatistics(prepared: Prepared, refs: References, tally: Tally): DatasetInfo['words'] {
  const words: DatasetInfo['words'] = [];
  const categories = refs.categories.length;
  prepared.dictionary.words.forEach((word, id) => {
    let listings = 0;
    let top = 0;
    let topListings = 0;
    for (let category = 0; category < categories; category++) {
      const count = tally.words[id * categories + category] ?? 0;
      listings += count;
      if (count > topListings) {
        topListings = count;
        top = category;
      }
    }
    if (listings > 0) words.push([word, listings, refs.categories[top]?.id ?? 0, topListings]);
  });
  return words.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function printSummary(info: DatasetInfo) {
  log('\n| what | value |');
  log('|---|---:|');
  log(
    `| listings | ${info.counts.items.toLocaleString('en')} (visible: ${info.counts.visibleItems.toLocaleString('en')}) |`,
  );
  log(`| sellers | ${info.counts.sellers.toLocaleString('en')} (banned or inactive: ${info.counts.bannedSellers}) |`);
  log(`| photo rows | ${info.counts.images.toLocaleString('en')} |`);
  log(`| distinct words in visible listings | ${info.words.length.toLocaleString('en')} |`);
  log(
    `| database | ${megabytes(info.sizes.databaseBytes)} (items ${megabytes(info.sizes.itemsBytes)}, images ${megabytes(info.sizes.imagesBytes)}) |`,
  );
  log(`| data folder | ${megabytes(info.sizes.folderBytes)} |`);
  for (const [name, seconds] of Object.entries(info.timings)) log(`| ${name} | ${seconds} s |`);
  const biggest = [...info.categories].sort((a, b) => b.visibleItems - a.visibleItems);
  log(
    `\nvisible listings per category: ${biggest.map((category) => `${category.slug} ${category.visibleItems}`).join(', ')}`,
  );
}

await main();

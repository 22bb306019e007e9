import { ITEM_STATUS, slugOf } from '../../../contract/items.ts';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';
import type { ListingTemplate } from './data-files.ts';
import { DEMO_ADMIN_ID, DEMO_USER_COUNT, demoUserId } from './demo-users.ts';
import { DEMO_CLIPS, ensureDemoPhoto, ensureDemoVideo } from './photos.ts';
import { seededRandom, stableUuid } from './random.ts';

export const DEMO_ITEM_COUNT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Most demo listings are written in Arabic, as in our markets; the rest in English. */
const ARABIC_SHARE = 0.65;

/** Names → ids of everything a listing refers to. */
export interface References {
  subcategories: Map<string, { id: number; catId: number; icon: string }>;
  conditions: Map<string, number>;
  manufacturers: Map<string, number>;
  models: Map<string, number>;
  itemTypes: number[];
  priceTypes: number[];
  dealOptions: number[];
  currencies: Map<string, number>;
  cities: Array<{ id: number; name: string; townships: Array<{ id: number; lat: number; lng: number }> }>;
  vehicle: {
    transmissions: number[];
    fuelTypes: Map<string, number>;
    colors: number[];
    bodyStyles: Map<string, number>;
    sellerTypes: number[];
    vehicleTypes: Map<string, number>;
    engineStatuses: number[];
  };
}

/**
 * Demo items that are not simply active, so the owner's lists and the moderation queue have content: the
 * item index (its owner is demo user index % 12, so `12 * k + u` belongs to user u + 1) and its state.
 * user01 to user08 each wait for approval on one item; user01 to user04 have one rejected, user01 to user03
 * one disabled, and user01 to user06 one sold.
 */
const PENDING = range(168, 176);
const REJECTED = range(180, 184);
const DISABLED = range(192, 195);
const SOLD = range(156, 162);
/** Items with a video (a demo clip and its poster), spread over the owners and the categories. */
const WITH_VIDEO = [0, 1, 13, 26, 37, 50, 63, 170];

const REJECT_REASONS = {
  ar: [
    'الصور لا تُظهر السلعة المعروضة. يرجى رفع صور حقيقية للسلعة نفسها.',
    'السعر المكتوب لا يطابق الوصف. يرجى تصحيح السعر ثم إعادة النشر.',
    'الإعلان مكرر: السلعة نفسها منشورة في إعلان آخر.',
    'الوصف يحتوي على رقم هاتف أو رابط خارجي، وهذا غير مسموح في الوصف.',
  ],
  en: [
    'The photos do not show the item for sale. Please upload real photos of the item itself.',
    'The price does not match the description. Please correct the price and post again.',
    'Duplicate listing: the same item is already posted in another ad.',
    'The description contains a phone number or an outside link, which is not allowed there.',
  ],
};
const DISABLE_REASONS = {
  ar: 'أوقفت الإدارة الإعلان مؤقتاً بعد بلاغات من المستخدمين، ريثما تتم مراجعته.',
  en: 'Disabled by the moderators after reports from users, until it has been reviewed.',
};

function range(from: number, to: number) {
  return Array.from({ length: to - from }, (_, offset) => from + offset);
}

/** The status, sold flag and moderation fields of demo item `index`. */
function demoState(index: number, isArabic: boolean, decidedAt: Date) {
  const language = isArabic ? 'ar' : 'en';
  if (PENDING.includes(index)) return { status: ITEM_STATUS.pending };
  if (REJECTED.includes(index)) {
    const reasons = REJECT_REASONS[language];
    const reason = reasons[index % reasons.length] ?? reasons[0] ?? '';
    return { status: ITEM_STATUS.rejected, rejectReason: reason, decidedById: DEMO_ADMIN_ID, decidedAt };
  }
  if (DISABLED.includes(index)) {
    const reason = DISABLE_REASONS[language];
    return { status: ITEM_STATUS.disabled, rejectReason: reason, decidedById: DEMO_ADMIN_ID, decidedAt };
  }
  return {
    status: ITEM_STATUS.active,
    isSoldOut: SOLD.includes(index),
    decidedById: DEMO_ADMIN_ID,
    decidedAt,
  };
}

/** Local currency of each demo city's country, with a rough rate from SAR. */
export const CITY_CURRENCY: Record<string, { code: string; rate: number }> = {
  Dubai: { code: 'AED', rate: 0.98 },
  'Abu Dhabi': { code: 'AED', rate: 0.98 },
  Sharjah: { code: 'AED', rate: 0.98 },
  Cairo: { code: 'EGP', rate: 13 },
  Alexandria: { code: 'EGP', rate: 13 },
  Amman: { code: 'JOD', rate: 0.19 },
  'Kuwait City': { code: 'KWD', rate: 0.082 },
  Doha: { code: 'QAR', rate: 0.97 },
};

type ItemRow = typeof schema.items.$inferInsert;
type ImageRow = typeof schema.images.$inferInsert;
type DecisionRow = typeof schema.itemDecisions.$inferInsert;
type Random = ReturnType<typeof seededRandom>;
type DemoPhotos = Awaited<ReturnType<typeof renderPhotos>>;
type DemoClip = Awaited<ReturnType<typeof ensureDemoVideo>>;

export async function seedDemoItems(db: Db, templates: ListingTemplate[], refs: References, uploadsDir: string) {
  const random = seededRandom(20261122);
  const now = Date.now();
  const usable = templates.filter((template) => refs.subcategories.has(template.subcategory));
  if (usable.length === 0 || refs.cities.length === 0) return 0;

  const photos = await renderPhotos(usable, refs, uploadsDir);
  const clips = await Promise.all(DEMO_CLIPS.map((clip) => ensureDemoVideo(uploadsDir, clip)));
  const rows: ItemRow[] = [];
  const images: ImageRow[] = [];
  const decisions: DecisionRow[] = [];
  // One generator for every item, drawn in a fixed order: the same demo data on every run.
  for (let index = 0; index < DEMO_ITEM_COUNT; index++) {
    const template = usable[index % usable.length] as ListingTemplate;
    const item = demoItem(index, template, refs, random, now);
    if (!item) continue;
    rows.push(item.row);
    if (item.decision) decisions.push(item.decision);
    images.push(...videoImages(index, item.id, clips), ...photoImages(index, item.id, template, photos, random));
  }
  await insertDemoItems(db, rows, decisions, images);
  return rows.length;
}

/** Demo item `index`, written from its template in a city drawn at random, with its moderation decision. */
function demoItem(index: number, template: ListingTemplate, refs: References, random: Random, now: number) {
  const subcategory = refs.subcategories.get(template.subcategory);
  if (!subcategory) return null;
  const city = refs.cities[(index * 7 + random.int(0, refs.cities.length - 1)) % refs.cities.length];
  if (!city) return null;
  const township = city.townships.length > 0 ? random.pick(city.townships) : undefined;
  const local = CITY_CURRENCY[city.name] ?? { code: 'SAR', rate: 1 };
  const isArabic = random.chance(ARABIC_SHARE);
  const id = stableUuid(`item-${index}`);
  const price = roundPrice(random.int(template.price_min, template.price_max) * local.rate);
  const ageMs = random.int(0, 60 * DAY_MS);
  const addedDate = new Date(now - ageMs);
  const state = demoState(index, isArabic, new Date(addedDate.getTime() + random.int(1, 12) * 60 * 60 * 1000));

  const title = isArabic ? template.title.ar : template.title.en;
  const row: ItemRow = {
    id,
    // As a posted item's: its title's slug, the id follows it in the address (/item/<slug>-<id>).
    slug: slugOf(title),
    title,
    description: isArabic ? template.description.ar : template.description.en,
    catId: subcategory.catId,
    subCatId: subcategory.id,
    itemTypeId: refs.itemTypes[0] ?? null,
    itemPriceTypeId: random.pick(refs.priceTypes.slice(0, 2)) ?? null,
    itemCurrencyId: refs.currencies.get(local.code) ?? refs.currencies.get('SAR') ?? null,
    itemLocationId: city.id,
    itemLocationTownshipId: township?.id ?? null,
    conditionOfItemId: refs.conditions.get(template.condition) ?? null,
    dealOptionId: random.pick(refs.dealOptions) ?? null,
    price: String(price),
    brand: template.brand,
    businessMode: random.chance(0.1),
    lat: jitter(township?.lat, random.next()),
    lng: jitter(township?.lng, random.next()),
    address: null,
    touchCount: random.int(0, 480),
    addedUserId: demoUserId(index % DEMO_USER_COUNT),
    addedDate,
    ...state,
    ...vehicleFields(template, refs, random),
  };
  return { id, row, decision: decisionOf(id, state) };
}

/** The admin's decision a rejected or disabled demo item carries, as moderation records it. */
function decisionOf(itemId: string, state: ReturnType<typeof demoState>): DecisionRow | null {
  if (state.status !== ITEM_STATUS.rejected && state.status !== ITEM_STATUS.disabled) return null;
  return {
    itemId,
    decision: state.status === ITEM_STATUS.rejected ? 'reject' : 'disable',
    reason: state.rejectReason,
    adminId: DEMO_ADMIN_ID,
    decidedAt: state.decidedAt,
  };
}

/** The video and its poster, for the items of WITH_VIDEO. */
function videoImages(index: number, itemId: string, clips: DemoClip[]): ImageRow[] {
  const videoAt = WITH_VIDEO.indexOf(index);
  const clip = clips[videoAt % clips.length];
  if (videoAt < 0 || !clip) return [];
  const files = [
    ['video', clip.video],
    ['video-icon', clip.poster],
  ] as const;
  return files.map(([imgType, file]) => ({
    imgId: stableUuid(`item-${index}-${imgType}`),
    imgParentId: itemId,
    imgType,
    imgPath: file.path,
    imgWidth: file.width,
    imgHeight: file.height,
    imgDesc: '',
    ordering: 1,
  }));
}

/** 2 to PHOTO_VARIANTS photos of the item's subcategory, from a variant that moves with the item. */
function photoImages(
  index: number,
  itemId: string,
  template: ListingTemplate,
  photos: DemoPhotos,
  random: Random,
): ImageRow[] {
  const images: ImageRow[] = [];
  const photoCount = random.int(2, PHOTO_VARIANTS);
  for (let photo = 0; photo < photoCount; photo++) {
    const file = photos.get(photoKey(template.subcategory, (index + photo) % PHOTO_VARIANTS));
    if (!file) continue;
    images.push({
      imgId: stableUuid(`item-${index}-photo-${photo}`),
      imgParentId: itemId,
      imgType: 'item',
      imgPath: file.path,
      imgWidth: file.width,
      imgHeight: file.height,
      imgDesc: '',
      ordering: photo + 1,
    });
  }
  return images;
}

/** Writes the items, then the decisions of those new in this run, then the images; a re-run adds nothing. */
async function insertDemoItems(db: Db, rows: ItemRow[], decisions: DecisionRow[], images: ImageRow[]) {
  const added = new Set<string>();
  for (let start = 0; start < rows.length; start += 100) {
    const inserted = await db
      .insert(schema.items)
      .values(rows.slice(start, start + 100))
      .onConflictDoNothing()
      .returning({ id: schema.items.id });
    for (const row of inserted) added.add(row.id);
  }
  // Decisions have no natural key: they are written with their item only, so a re-run adds none.
  const newDecisions = decisions.filter((decision) => added.has(decision.itemId));
  if (newDecisions.length > 0) await db.insert(schema.itemDecisions).values(newDecisions);
  for (let start = 0; start < images.length; start += 200) {
    await db
      .insert(schema.images)
      .values(images.slice(start, start + 200))
      .onConflictDoNothing();
  }
}

/** Photos rendered per subcategory; an item shows 2 to 5 of them, starting at a different one. */
const PHOTO_VARIANTS = 5;
const photoKey = (subcategory: string, variant: number) => `${subcategory}-${variant}`;

/** A few generated photos per subcategory, rendered two at a time (one per core). */
async function renderPhotos(templates: ListingTemplate[], refs: References, uploadsDir: string) {
  const jobs = [...new Set(templates.map((template) => template.subcategory))].flatMap((slug) =>
    Array.from({ length: PHOTO_VARIANTS }, (_, variant) => ({ slug, variant })),
  );
  const photos = new Map<string, Awaited<ReturnType<typeof ensureDemoPhoto>>>();
  for (let start = 0; start < jobs.length; start += 2) {
    await Promise.all(
      jobs.slice(start, start + 2).map(async ({ slug, variant }, offset) => {
        const icon = refs.subcategories.get(slug)?.icon ?? 'tag';
        const key = photoKey(slug, variant);
        photos.set(key, await ensureDemoPhoto(uploadsDir, key, icon, start + offset));
      }),
    );
  }
  return photos;
}

/** What kind of vehicle a subcategory sells (vehicle_types names). */
const VEHICLE_TYPE_OF: Record<string, string> = {
  cars: 'Car',
  motorcycles: 'Motorcycle',
  trucks: 'Truck',
  boats: 'Boat',
  'heavy-equipment': 'Heavy Equipment',
};
const SUV_MODELS = new Set([
  'Land Cruiser',
  'Prado',
  'Patrol',
  'Tucson',
  'Sportage',
  'LX',
  'Tahoe',
  'Yukon',
  'G-Class',
  'X5',
  'Explorer',
  'CX-5',
  'Pajero',
  'Jimny',
]);
const PICKUP_MODELS = new Set(['Hilux', 'F-150', 'Sierra', 'D-Max']);

/**
 * The vehicle details of a vehicle listing: manufacturer, model, year, mileage and every vehicle lookup for
 * cars, motorcycles and trucks (from the template), the type, year and condition of the engine for boats and
 * heavy equipment. Other listings carry none.
 */
function vehicleFields(template: ListingTemplate, refs: References, random: Random) {
  const vehicleType = VEHICLE_TYPE_OF[template.subcategory];
  if (template.vehicle) return roadVehicleFields(template.subcategory, template.vehicle, vehicleType, refs, random);
  return vehicleType ? engineFields(vehicleType, refs.vehicle, random) : {};
}

/** A boat's or a machine's: no model in the template, so only its type, year, fuel and engine. */
function engineFields(vehicleType: string, lookups: References['vehicle'], random: Random) {
  return {
    year: random.int(2012, 2023),
    vehicleTypeId: lookups.vehicleTypes.get(vehicleType) ?? null,
    fuelTypeId: lookups.fuelTypes.get(vehicleType === 'Boat' ? 'Gasoline' : 'Diesel') ?? null,
    sellerTypeId: random.pick(lookups.sellerTypes) ?? null,
    engineStatusId: random.pick(lookups.engineStatuses.slice(0, 2)) ?? null,
  };
}

/** A car's, a motorcycle's or a truck's, from the make and model its template names. */
function roadVehicleFields(
  subcategory: string,
  vehicle: NonNullable<ListingTemplate['vehicle']>,
  vehicleType: string | undefined,
  refs: References,
  random: Random,
) {
  const lookups = refs.vehicle;
  const bodyStyle = bodyStyleOf(subcategory, vehicle.model);
  return {
    manufacturerId: refs.manufacturers.get(vehicle.manufacturer) ?? null,
    modelId: refs.models.get(`${vehicle.manufacturer}/${vehicle.model}`) ?? null,
    year: random.int(vehicle.year_min, vehicle.year_max),
    mileage: Math.max(1000, Math.round(random.int(0, vehicle.mileage_max) / 1000) * 1000),
    transmissionId: random.pick(lookups.transmissions.slice(0, 2)) ?? null,
    fuelTypeId: lookups.fuelTypes.get(fuelOf(subcategory, vehicle.model)) ?? null,
    colorId: random.pick(lookups.colors) ?? null,
    bodyStyleId: bodyStyle ? (lookups.bodyStyles.get(bodyStyle) ?? null) : null,
    sellerTypeId: random.pick(lookups.sellerTypes) ?? null,
    vehicleTypeId: lookups.vehicleTypes.get(vehicleType ?? 'Car') ?? null,
    engineStatusId: random.pick(lookups.engineStatuses.slice(0, 2)) ?? null,
  };
}

/** Trucks run on diesel, but pickups (and every other vehicle) on gasoline. */
function fuelOf(subcategory: string, model: string) {
  return subcategory === 'trucks' && !PICKUP_MODELS.has(model) ? 'Diesel' : 'Gasoline';
}

/** The body style of a model (body_styles names); none for a vehicle that is not a car and has no known one. */
function bodyStyleOf(subcategory: string, model: string) {
  if (PICKUP_MODELS.has(model)) return 'Pickup';
  if (SUV_MODELS.has(model)) return 'SUV';
  if (model === 'Mustang') return 'Coupe';
  return subcategory === 'cars' ? 'Sedan' : undefined;
}

function roundPrice(value: number) {
  if (value >= 10_000) return Math.round(value / 500) * 500;
  if (value >= 1_000) return Math.round(value / 50) * 50;
  return Math.max(5, Math.round(value / 5) * 5);
}

/** A point within about a kilometre of the district centre. */
function jitter(value: number | undefined, noise: number) {
  return value === undefined ? null : Number((value + (noise - 0.5) * 0.02).toFixed(6));
}

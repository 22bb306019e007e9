import { ITEM_STATUS } from '../../../contract/items.ts';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';
import type { ListingTemplate } from './data-files.ts';
import { DEMO_USER_COUNT, demoUserId } from './demo-users.ts';
import { ensureDemoPhoto } from './photos.ts';
import { seededRandom, slugify, stableUuid } from './random.ts';

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
    fuelTypes: number[];
    colors: number[];
    bodyStyles: number[];
    sellerTypes: number[];
    vehicleTypes: number[];
    engineStatuses: number[];
  };
}

/** Local currency of each demo city's country, with a rough rate from SAR. */
const CITY_CURRENCY: Record<string, { code: string; rate: number }> = {
  Dubai: { code: 'AED', rate: 0.98 },
  'Abu Dhabi': { code: 'AED', rate: 0.98 },
  Sharjah: { code: 'AED', rate: 0.98 },
  Cairo: { code: 'EGP', rate: 13 },
  Alexandria: { code: 'EGP', rate: 13 },
  Amman: { code: 'JOD', rate: 0.19 },
  'Kuwait City': { code: 'KWD', rate: 0.082 },
  Doha: { code: 'QAR', rate: 0.97 },
};

export async function seedDemoItems(db: Db, templates: ListingTemplate[], refs: References, uploadsDir: string) {
  const random = seededRandom(20261122);
  const now = Date.now();
  const usable = templates.filter((template) => refs.subcategories.has(template.subcategory));
  if (usable.length === 0 || refs.cities.length === 0) return 0;

  const photos = await renderPhotos(usable, refs, uploadsDir);
  const rows: Array<typeof schema.items.$inferInsert> = [];
  const images: Array<typeof schema.images.$inferInsert> = [];
  for (let index = 0; index < DEMO_ITEM_COUNT; index++) {
    const template = usable[index % usable.length] as ListingTemplate;
    const subcategory = refs.subcategories.get(template.subcategory);
    if (!subcategory) continue;
    const city = refs.cities[(index * 7 + random.int(0, refs.cities.length - 1)) % refs.cities.length];
    if (!city) continue;
    const township = city.townships.length > 0 ? random.pick(city.townships) : undefined;
    const local = CITY_CURRENCY[city.name] ?? { code: 'SAR', rate: 1 };
    const isArabic = random.chance(ARABIC_SHARE);
    const id = stableUuid(`item-${index}`);
    const price = roundPrice(random.int(template.price_min, template.price_max) * local.rate);
    const ageMs = random.int(0, 60 * DAY_MS);

    rows.push({
      id,
      slug: `${slugify(template.title.en)}-${id.slice(0, 8)}`,
      title: isArabic ? template.title.ar : template.title.en,
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
      status: ITEM_STATUS.active,
      touchCount: random.int(0, 480),
      addedUserId: demoUserId(index % DEMO_USER_COUNT),
      addedDate: new Date(now - ageMs),
      ...vehicleFields(template, refs, random),
    });

    const photoCount = random.int(1, PHOTO_VARIANTS);
    for (let photo = 0; photo < photoCount; photo++) {
      const file = photos.get(photoKey(template.subcategory, (index + photo) % PHOTO_VARIANTS));
      if (!file) continue;
      images.push({
        imgId: stableUuid(`item-${index}-photo-${photo}`),
        imgParentId: id,
        imgType: 'item',
        imgPath: file.path,
        imgWidth: file.width,
        imgHeight: file.height,
        imgDesc: '',
        ordering: photo + 1,
      });
    }
  }

  for (let start = 0; start < rows.length; start += 100) {
    await db
      .insert(schema.items)
      .values(rows.slice(start, start + 100))
      .onConflictDoNothing();
  }
  for (let start = 0; start < images.length; start += 200) {
    await db
      .insert(schema.images)
      .values(images.slice(start, start + 200))
      .onConflictDoNothing();
  }
  return rows.length;
}

const PHOTO_VARIANTS = 3;
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

function vehicleFields(template: ListingTemplate, refs: References, random: ReturnType<typeof seededRandom>) {
  const vehicle = template.vehicle;
  if (!vehicle) return {};
  return {
    manufacturerId: refs.manufacturers.get(vehicle.manufacturer) ?? null,
    modelId: refs.models.get(`${vehicle.manufacturer}/${vehicle.model}`) ?? null,
    year: random.int(vehicle.year_min, vehicle.year_max),
    mileage: Math.round(random.int(0, vehicle.mileage_max) / 1000) * 1000,
    transmissionId: random.pick(refs.vehicle.transmissions) ?? null,
    fuelTypeId: refs.vehicle.fuelTypes[0] ?? null,
    colorId: random.pick(refs.vehicle.colors) ?? null,
    bodyStyleId: random.pick(refs.vehicle.bodyStyles) ?? null,
    sellerTypeId: random.pick(refs.vehicle.sellerTypes) ?? null,
    vehicleTypeId: refs.vehicle.vehicleTypes[0] ?? null,
    engineStatusId: random.pick(refs.vehicle.engineStatuses.slice(0, 2)) ?? null,
  };
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

import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import * as schema from '../db/schema/index.ts';
import type { Db } from '../kernel/database.ts';

/** Test helpers: valid item entries from the seeded lookups, and draft uploads written straight to the images table. */

const firstActive = async (db: Db, table: typeof schema.itemTypes | typeof schema.itemPriceTypes) => {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.status, 1))
    .orderBy(asc(table.id))
    .limit(1);
  if (!row) throw new Error('the seed has no active row');
  return row.id;
};

async function categoryWithSubcategory(db: Db, isVehicle: boolean) {
  const [row] = await db
    .select({ catId: schema.categories.id, subCatId: schema.subcategories.id })
    .from(schema.categories)
    .innerJoin(schema.subcategories, eq(schema.subcategories.catId, schema.categories.id))
    .where(
      and(
        eq(schema.categories.isVehicle, isVehicle),
        eq(schema.categories.status, 1),
        eq(schema.subcategories.status, 1),
      ),
    )
    .orderBy(asc(schema.categories.id), asc(schema.subcategories.id))
    .limit(1);
  if (!row) throw new Error('the seed has no such category');
  return row;
}

/** Everything a valid entry refers to, read once per test file. */
export async function entryReferences(db: Db) {
  const plain = await categoryWithSubcategory(db, false);
  const vehicle = await categoryWithSubcategory(db, true);
  const [place] = await db
    .select({ cityId: schema.locationTownships.cityId, townshipId: schema.locationTownships.id })
    .from(schema.locationTownships)
    .innerJoin(schema.itemLocations, eq(schema.itemLocations.id, schema.locationTownships.cityId))
    .where(and(eq(schema.locationTownships.status, 1), eq(schema.itemLocations.status, 1)))
    .orderBy(asc(schema.locationTownships.id))
    .limit(1);
  const [model] = await db
    .select({ id: schema.models.id, manufacturerId: schema.models.manufacturerId })
    .from(schema.models)
    .where(eq(schema.models.status, 1))
    .orderBy(asc(schema.models.id))
    .limit(1);
  if (!place || !model) throw new Error('the seed has no township or model');
  const [otherCity] = await db
    .select({ id: schema.itemLocations.id })
    .from(schema.itemLocations)
    .where(and(eq(schema.itemLocations.status, 1)))
    .orderBy(asc(schema.itemLocations.id));
  return {
    plain,
    vehicle,
    place,
    model,
    otherCityId: otherCity?.id === place.cityId ? null : (otherCity?.id ?? null),
    itemTypeId: await firstActive(db, schema.itemTypes),
    priceTypeId: await firstActive(db, schema.itemPriceTypes),
    currencyId: await firstActive(db, schema.currencies as never),
    conditionId: await firstActive(db, schema.itemConditions),
    dealOptionId: await firstActive(db, schema.dealOptions),
    colorId: await firstActive(db, schema.colors),
  };
}

export type EntryReferences = Awaited<ReturnType<typeof entryReferences>>;

/** A draft photo (or video) of `userId`, as the upload route leaves it: a row whose parent is draft:<userId>. */
export async function draftUpload(db: Db, userId: string, type: 'item' | 'video' | 'video-icon' = 'item') {
  const [row] = await db
    .insert(schema.images)
    .values({
      imgParentId: `draft:${userId}`,
      imgType: type,
      imgPath: `items/test-${randomUUID().slice(0, 8)}.webp`,
      imgWidth: 800,
      imgHeight: 600,
    })
    .returning({ id: schema.images.imgId });
  if (!row) throw new Error('no draft row');
  return row.id;
}

/** A complete, valid entry of a non-vehicle item with these photos. */
export function validEntry(refs: EntryReferences, imageIds: string[], extra: Record<string, unknown> = {}) {
  return {
    image_ids: imageIds,
    title: 'Canon AE-1 camera',
    cat_id: refs.plain.catId,
    sub_cat_id: refs.plain.subCatId,
    item_type_id: refs.itemTypeId,
    price: '1500.50',
    item_price_type_id: refs.priceTypeId,
    item_currency_id: refs.currencyId,
    condition_of_item_id: refs.conditionId,
    brand: 'Canon',
    business_mode: false,
    deal_option_id: refs.dealOptionId,
    item_location_id: refs.place.cityId,
    item_location_township_id: refs.place.townshipId,
    description: 'A film camera in good working order.',
    ...extra,
  };
}

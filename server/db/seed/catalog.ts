import { eq } from 'drizzle-orm';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';
import type { CatalogFile } from './data-files.ts';

/** Table of each lookup list in catalog.json. */
const LOOKUP_TABLES = {
  item_types: schema.itemTypes,
  item_conditions: schema.itemConditions,
  deal_options: schema.dealOptions,
  transmissions: schema.transmissions,
  colors: schema.colors,
  fuel_types: schema.fuelTypes,
  body_styles: schema.bodyStyles,
  seller_types: schema.sellerTypes,
  vehicle_types: schema.vehicleTypes,
  engine_statuses: schema.engineStatuses,
  states: schema.states,
  user_states: schema.userStates,
} as const;

export async function seedLookups(db: Db, catalog: CatalogFile) {
  for (const [key, table] of Object.entries(LOOKUP_TABLES)) {
    const entries = catalog.lookups[key] ?? [];
    if (entries.length === 0) continue;
    await db
      .insert(table)
      .values(entries.map((entry, index) => ({ name: entry.name, names: entry.names, ordering: index + 1 })))
      .onConflictDoNothing();
  }
  const priceTypes = catalog.lookups.item_price_types ?? [];
  if (priceTypes.length > 0) {
    await db
      .insert(schema.itemPriceTypes)
      .values(
        priceTypes.map((entry, index) => ({
          name: entry.name,
          names: entry.names,
          isEmptyObject: entry.is_empty_object ?? false,
          ordering: index + 1,
        })),
      )
      .onConflictDoNothing();
  }
  await db
    .insert(schema.currencies)
    .values(
      catalog.currencies.map((currency, index) => ({
        currencyShortForm: currency.currency_short_form,
        currencySymbol: currency.currency_symbol,
        names: currency.names,
        isDefault: currency.is_default ?? false,
        ordering: index + 1,
      })),
    )
    .onConflictDoNothing();
}

export async function seedCategories(db: Db, catalog: CatalogFile) {
  for (const [index, category] of catalog.categories.entries()) {
    const catName = category.names.en ?? category.slug;
    await db
      .insert(schema.categories)
      .values({
        catName,
        catNameAr: category.names.ar ?? catName,
        names: category.names,
        slug: category.slug,
        icon: category.icon,
        isVehicle: category.is_vehicle,
        catOrdering: index + 1,
      })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: schema.categories.id })
      .from(schema.categories)
      .where(eq(schema.categories.slug, category.slug));
    if (!row) continue;
    await db
      .insert(schema.subcategories)
      .values(
        category.subcategories.map((subcategory, position) => ({
          catId: row.id,
          name: subcategory.names.en ?? subcategory.slug,
          names: subcategory.names,
          slug: subcategory.slug,
          ordering: position + 1,
        })),
      )
      .onConflictDoNothing();
  }
}

export async function seedVehicles(db: Db, catalog: CatalogFile) {
  for (const [index, manufacturer] of catalog.manufacturers.entries()) {
    await db
      .insert(schema.manufacturers)
      .values({ name: manufacturer.name, names: manufacturer.names, ordering: index + 1 })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: schema.manufacturers.id })
      .from(schema.manufacturers)
      .where(eq(schema.manufacturers.name, manufacturer.name));
    if (!row || manufacturer.models.length === 0) continue;
    await db
      .insert(schema.models)
      .values(
        manufacturer.models.map((model, position) => ({
          manufacturerId: row.id,
          name: model.name,
          names: model.names,
          ordering: position + 1,
        })),
      )
      .onConflictDoNothing();
  }
}

export async function seedLocations(db: Db, catalog: CatalogFile) {
  for (const [index, city] of catalog.cities.entries()) {
    await db
      .insert(schema.itemLocations)
      .values({ name: city.name, names: city.names, lat: city.lat, lng: city.lng, ordering: index + 1 })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: schema.itemLocations.id })
      .from(schema.itemLocations)
      .where(eq(schema.itemLocations.name, city.name));
    if (!row || city.townships.length === 0) continue;
    await db
      .insert(schema.locationTownships)
      .values(
        city.townships.map((township, position) => ({
          cityId: row.id,
          townshipName: township.name,
          names: township.names,
          lat: township.lat,
          lng: township.lng,
          ordering: position + 1,
        })),
      )
      .onConflictDoNothing();
  }
}

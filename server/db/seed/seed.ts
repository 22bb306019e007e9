import type { Logger } from 'pino';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';
import { seedCategories, seedLocations, seedLookups, seedVehicles } from './catalog.ts';
import { seedBlogs, seedPages, seedPaymentOptions, seedSettings, seedWelcomeNotification } from './content.ts';
import { type CatalogFile, loadCatalog, loadContent, loadListings } from './data-files.ts';
import { type References, seedDemoItems } from './demo-items.ts';
import { type DemoCredentials, seedRoles, seedUsers } from './demo-users.ts';

export interface SeedOptions {
  uploadsDir: string;
  logger: Pick<Logger, 'info'>;
  credentials: DemoCredentials;
}

/**
 * Reference data and demo content. Inserts only what is missing; rows already there are left as they are,
 * so it can run any time.
 */
export async function seedAll(db: Db, options: SeedOptions) {
  const catalog = loadCatalog();
  await seedReferenceRows(db, catalog);
  await seedDemo(db, options);
  await seedSettings(db, catalog, { demo: true });
}

/**
 * What the product needs to work, demo or not: roles, the lookups and categories, cities, the default
 * pages, payment and shipping options, and last the settings row, whose presence marks a seeded database.
 */
export async function seedReference(db: Db) {
  const catalog = loadCatalog();
  await seedReferenceRows(db, catalog);
  await seedSettings(db, catalog);
}

async function seedReferenceRows(db: Db, catalog: CatalogFile) {
  await seedRoles(db);
  await seedLookups(db, catalog);
  await seedCategories(db, catalog);
  await seedVehicles(db, catalog);
  await seedLocations(db, catalog);
  await seedPages(db, loadContent());
  await seedPaymentOptions(db);
}

/** Demo users (with the demo admin), listings with photos, blog posts and a welcome notice. */
async function seedDemo(db: Db, options: SeedOptions) {
  const refs = await loadReferences(db);
  await seedUsers(
    db,
    options.credentials,
    refs.cities.map((city) => city.id),
  );
  const items = await seedDemoItems(db, loadListings(), refs, options.uploadsDir);
  await seedBlogs(db, loadContent());
  await seedWelcomeNotification(db);
  options.logger.info({ items }, 'demo data seeded');
}

async function loadReferences(db: Db): Promise<References> {
  // One connection (the migration lock's) serves the seed, so these queries run one after another.
  const subcategories = await db.select().from(schema.subcategories);
  const categories = await db.select().from(schema.categories);
  const conditions = await db.select().from(schema.itemConditions);
  const manufacturers = await db.select().from(schema.manufacturers);
  const models = await db.select().from(schema.models);
  const cities = await db.select().from(schema.itemLocations);
  const townships = await db.select().from(schema.locationTownships);
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const manufacturerNames = new Map(manufacturers.map((manufacturer) => [manufacturer.id, manufacturer.name]));
  const ids = async (table: typeof schema.itemTypes | typeof schema.itemPriceTypes | typeof schema.dealOptions) =>
    (await db.select({ id: table.id }).from(table).orderBy(table.ordering)).map((row) => row.id);
  const byName = async (table: typeof schema.fuelTypes | typeof schema.bodyStyles | typeof schema.vehicleTypes) =>
    new Map((await db.select({ id: table.id, name: table.name }).from(table)).map((row) => [row.name, row.id]));

  return {
    subcategories: new Map(
      subcategories.map((subcategory) => [
        subcategory.slug,
        { id: subcategory.id, catId: subcategory.catId, icon: categoryById.get(subcategory.catId)?.icon ?? 'tag' },
      ]),
    ),
    conditions: new Map(conditions.map((condition) => [condition.name, condition.id])),
    manufacturers: new Map(manufacturers.map((manufacturer) => [manufacturer.name, manufacturer.id])),
    models: new Map(models.map((model) => [`${manufacturerNames.get(model.manufacturerId)}/${model.name}`, model.id])),
    itemTypes: await ids(schema.itemTypes),
    priceTypes: await ids(schema.itemPriceTypes),
    dealOptions: await ids(schema.dealOptions),
    currencies: new Map(
      (await db.select().from(schema.currencies)).map((currency) => [currency.currencyShortForm, currency.id]),
    ),
    cities: cities
      .sort((a, b) => a.ordering - b.ordering)
      .map((city) => ({
        id: city.id,
        name: city.name,
        townships: townships.filter((township) => township.cityId === city.id),
      })),
    vehicle: {
      transmissions: (await db.select({ id: schema.transmissions.id }).from(schema.transmissions)).map((row) => row.id),
      fuelTypes: await byName(schema.fuelTypes),
      colors: (await db.select({ id: schema.colors.id }).from(schema.colors)).map((row) => row.id),
      bodyStyles: await byName(schema.bodyStyles),
      sellerTypes: (await db.select({ id: schema.sellerTypes.id }).from(schema.sellerTypes)).map((row) => row.id),
      vehicleTypes: await byName(schema.vehicleTypes),
      engineStatuses: (await db.select({ id: schema.engineStatuses.id }).from(schema.engineStatuses)).map(
        (row) => row.id,
      ),
    },
  };
}

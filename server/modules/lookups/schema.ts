import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { addedDate, localized, ordering, publishStatus, updatedDate } from '../../db/schema/columns.ts';

/** The shape shared by every simple lookup: a default name, names per language, order and status. */
function lookupTable(tableName: string) {
  return pgTable(
    tableName,
    {
      id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
      name: text('name').notNull(),
      names: localized('names'),
      ordering: ordering(),
      status: publishStatus(),
      addedDate: addedDate(),
      updatedDate: updatedDate(),
    },
    (table) => [uniqueIndex(`${tableName}_name_unique`).on(table.name)],
  );
}

export const itemTypes = lookupTable('item_types');
export const itemConditions = lookupTable('item_conditions');
export const dealOptions = lookupTable('deal_options');
export const manufacturers = lookupTable('manufacturers');
export const transmissions = lookupTable('transmissions');
export const colors = lookupTable('colors');
export const fuelTypes = lookupTable('fuel_types');
export const bodyStyles = lookupTable('body_styles');
export const sellerTypes = lookupTable('seller_types');
export const vehicleTypes = lookupTable('vehicle_types');
export const engineStatuses = lookupTable('engine_statuses');
export const states = lookupTable('states');
export const userStates = lookupTable('user_states');

export const itemPriceTypes = pgTable(
  'item_price_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    names: localized('names'),
    isEmptyObject: boolean('is_empty_object').notNull().default(false),
    ordering: ordering(),
    status: publishStatus(),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [uniqueIndex('item_price_types_name_unique').on(table.name)],
);

export const models = pgTable(
  'models',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    names: localized('names'),
    ordering: ordering(),
    status: publishStatus(),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [uniqueIndex('models_manufacturer_name_unique').on(table.manufacturerId, table.name)],
);

export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  currencyShortForm: text('currency_short_form').notNull().unique(),
  currencySymbol: text('currency_symbol').notNull(),
  names: localized('names'),
  isDefault: boolean('is_default').notNull().default(false),
  ordering: ordering(),
  status: publishStatus(),
  addedDate: addedDate(),
  updatedDate: updatedDate(),
});

/** Cities (the spec's "item location"). */
export const itemLocations = pgTable(
  'item_locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    names: localized('names'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    ordering: ordering(),
    status: publishStatus(),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [uniqueIndex('item_locations_name_unique').on(table.name)],
);

/** Districts of a city (the spec's "location township"; `odering` is the spec's spelling of the field). */
export const locationTownships = pgTable(
  'location_townships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    cityId: integer('city_id')
      .notNull()
      .references(() => itemLocations.id, { onDelete: 'cascade' }),
    townshipName: text('township_name').notNull(),
    names: localized('names'),
    ordering: integer('odering').notNull().default(0),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    status: publishStatus(),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [
    uniqueIndex('location_townships_city_name_unique').on(table.cityId, table.townshipName),
    index('location_townships_city_idx').on(table.cityId, table.ordering),
  ],
);

export const shippingMethods = pgTable('shipping_methods', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  names: localized('names'),
  price: text('price').notNull().default('0'),
  days: integer('days'),
  ordering: ordering(),
  status: publishStatus(),
  addedDate: addedDate(),
});

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  titles: localized('titles'),
  imagePath: text('image_path').notNull(),
  link: text('link'),
  ordering: ordering(),
  status: publishStatus(),
  addedDate: addedDate(),
});

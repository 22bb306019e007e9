import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  bodyStyles,
  colors,
  currencies,
  dealOptions,
  engineStatuses,
  fuelTypes,
  itemConditions,
  itemLocations,
  itemPriceTypes,
  itemTypes,
  locationTownships,
  manufacturers,
  models,
  sellerTypes,
  transmissions,
  vehicleTypes,
} from '../../modules/lookups/schema.ts';
import { users } from '../../modules/users/schema.ts';
import { addedDate, localized, ordering, publishStatus, tsvector, updatedDate } from './columns.ts';

export const categories = pgTable(
  'categories',
  {
    id: integer('cat_id').primaryKey().generatedByDefaultAsIdentity(),
    catName: text('cat_name').notNull().unique(),
    catNameAr: text('cat_name_ar').notNull(),
    names: localized('names'),
    slug: text('slug').notNull().unique(),
    icon: text('icon').notNull().default('tag'),
    catOrdering: integer('cat_ordering').notNull().default(0),
    isVehicle: boolean('is_vehicle').notNull().default(false),
    status: publishStatus(),
    addedDate: addedDate(),
    addedUserId: text('added_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedDate: updatedDate(),
    updatedUserId: text('updated_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedFlag: smallint('updated_flag').notNull().default(0),
  },
  (table) => [index('categories_status_ordering_idx').on(table.status, table.catOrdering)],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    catId: integer('cat_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    names: localized('names'),
    slug: text('slug').notNull().unique(),
    ordering: ordering(),
    status: publishStatus(),
    addedDate: addedDate(),
    addedUserId: text('added_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedDate: updatedDate(),
    updatedUserId: text('updated_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedFlag: smallint('updated_flag').notNull().default(0),
  },
  (table) => [
    index('subcategories_cat_idx').on(table.catId, table.status, table.ordering),
    uniqueIndex('subcategories_cat_name_unique').on(table.catId, table.name),
  ],
);

/**
 * Listings. status: 0 pending approval, 1 active, 2 disabled, 3 rejected (contract/items.ts ITEM_STATUS).
 * A deleted listing keeps its row with deleted_at set.
 */
export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    highlightInfo: text('highlight_info').notNull().default(''),
    keyword: text('keyword'),
    remark: text('remark'),
    catId: integer('cat_id')
      .notNull()
      .references(() => categories.id),
    subCatId: integer('sub_cat_id').references(() => subcategories.id),
    itemTypeId: integer('item_type_id').references(() => itemTypes.id),
    itemPriceTypeId: integer('item_price_type_id').references(() => itemPriceTypes.id),
    itemCurrencyId: integer('item_currency_id').references(() => currencies.id),
    itemLocationId: integer('item_location_id').references(() => itemLocations.id),
    itemLocationTownshipId: integer('item_location_township_id').references(() => locationTownships.id),
    conditionOfItemId: integer('condition_of_item_id').references(() => itemConditions.id),
    dealOptionId: integer('deal_option_id').references(() => dealOptions.id),
    dealOptionRemark: text('deal_option_remark'),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    brand: text('brand'),
    businessMode: boolean('business_mode').notNull().default(false),
    isSoldOut: boolean('is_sold_out').notNull().default(false),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    status: smallint('status').notNull().default(0),
    rejectReason: text('reject_reason'),
    touchCount: integer('touch_count').notNull().default(0),
    favouriteCount: integer('favourite_count').notNull().default(0),
    isPaid: boolean('is_paid').notNull().default(false),
    dynamicLink: text('dynamic_link'),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    modelId: integer('model_id').references(() => models.id),
    transmissionId: integer('transmission_id').references(() => transmissions.id),
    fuelTypeId: integer('fuel_type_id').references(() => fuelTypes.id),
    bodyStyleId: integer('body_style_id').references(() => bodyStyles.id),
    colorId: integer('color_id').references(() => colors.id),
    sellerTypeId: integer('seller_type_id').references(() => sellerTypes.id),
    vehicleTypeId: integer('vehicle_type_id').references(() => vehicleTypes.id),
    engineStatusId: integer('engine_status_id').references(() => engineStatuses.id),
    year: smallint('year'),
    mileage: integer('mileage'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(keyword, '') || ' ' || coalesce(description, ''))`,
    ),
    addedDate: addedDate(),
    addedUserId: text('added_user_id')
      .notNull()
      .references(() => users.id),
    updatedDate: updatedDate(),
    updatedUserId: text('updated_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedFlag: smallint('updated_flag').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('items_category_feed_idx')
      .on(table.catId, table.status, table.addedDate.desc())
      .where(sql`${table.deletedAt} is null`),
    index('items_subcategory_feed_idx')
      .on(table.subCatId, table.status, table.addedDate.desc())
      .where(sql`${table.deletedAt} is null`),
    index('items_feed_idx').on(table.status, table.addedDate.desc()).where(sql`${table.deletedAt} is null`),
    index('items_popular_idx').on(table.status, table.touchCount.desc()).where(sql`${table.deletedAt} is null`),
    index('items_owner_idx').on(table.addedUserId, table.status, table.addedDate.desc()),
    index('items_location_idx').on(table.itemLocationId, table.status),
    index('items_paid_idx').on(table.isPaid, table.status).where(sql`${table.isPaid}`),
    index('items_search_idx').using('gin', table.searchVector),
    index('items_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('items_earth_idx').using('gist', sql`ll_to_earth(${table.lat}, ${table.lng})`),
    index('items_slug_idx').on(table.slug),
  ],
);

export const collections = pgTable('collections', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  names: localized('names'),
  ordering: ordering(),
  status: publishStatus(),
  addedDate: addedDate(),
});

export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    ordering: ordering(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.itemId] })],
);

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  titles: localized('titles'),
  imagePath: text('image_path').notNull(),
  link: text('link'),
  ordering: ordering(),
  status: publishStatus(),
  addedDate: addedDate(),
});

export const deletionHistory = pgTable(
  'deletion_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    typeId: text('type_id').notNull(),
    typeName: text('type_name').notNull(),
    deletedDate: timestamp('deleted_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('deletion_history_date_idx').on(table.deletedDate)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import { addedDate, tsvector, updatedDate } from '../../db/schema/columns.ts';
import { categories, subcategories } from '../lookups/catalog-schema.ts';
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
} from '../lookups/schema.ts';
import { users } from '../users/schema.ts';

/** A listing public lists may show: active, not deleted, of an active and not banned seller. */
const PUBLIC_ITEM = sql`status = 1 and deleted_at is null and seller_public`;

/**
 * Listings. status: 0 pending approval, 1 active, 2 disabled, 3 rejected, 4 expired (contract/items.ts ITEM_STATUS).
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
    decidedById: text('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
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
    /** The item's words for search (migration 0005: normalized, as written and stemmed in Arabic and English). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`souk_search_document(title, brand, keyword, highlight_info, description)`,
    ),
    addedDate: addedDate(),
    addedUserId: text('added_user_id')
      .notNull()
      .references(() => users.id),
    updatedDate: updatedDate(),
    updatedUserId: text('updated_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedFlag: smallint('updated_flag').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When a bump first moved added_date (the listing's place in "Latest") past its posting; null: never bumped.
     * The daily posting limit counts posts, not bumps (posting-allowance.ts).
     */
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** The start of the listing's lifetime: when it was posted, approved or last renewed (lifetime.ts). */
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owner was told the listing expires soon (cleared by a renewal). */
    expiryNoticeSent: boolean('expiry_notice_sent').notNull().default(false),
    /**
     * The seller is active and not banned: a copy of the users row kept by triggers (migration 0007), so
     * public lists filter and count from their partial indexes alone (ADR 0016).
     */
    sellerPublic: boolean('seller_public').notNull().default(true),
    /**
     * The map cells the item lies in, one per grid size (migration 0008, search/geo-cells.ts): with the words in
     * one GIN index, a text search around a point reads only the matches near it.
     */
    geoCells: integer('geo_cells').array().generatedAlwaysAs(sql`souk_geo_cells(lat, lng)`),
  },
  (table) => [
    // Public lists (search module): active, not deleted items, newest or most viewed first, overall and
    // per category, subcategory and city; with id last so a keyset page starts exactly where the last ended.
    index('items_public_newest_idx').on(table.addedDate.desc(), table.id.desc()).where(PUBLIC_ITEM),
    index('items_public_category_newest_idx')
      .on(table.catId, table.addedDate.desc(), table.id.desc())
      .where(PUBLIC_ITEM),
    index('items_public_subcategory_newest_idx')
      .on(table.subCatId, table.addedDate.desc(), table.id.desc())
      .where(PUBLIC_ITEM),
    index('items_public_location_newest_idx')
      .on(table.itemLocationId, table.addedDate.desc(), table.id.desc())
      .where(PUBLIC_ITEM),
    index('items_public_popular_idx').on(table.touchCount.desc(), table.id.desc()).where(PUBLIC_ITEM),
    index('items_public_category_popular_idx')
      .on(table.catId, table.touchCount.desc(), table.id.desc())
      .where(PUBLIC_ITEM),
    index('items_public_paid_newest_idx')
      .on(table.addedDate.desc(), table.id.desc())
      .where(sql`${PUBLIC_ITEM} and ${table.isPaid}`),
    // The lifetime job's scan: active listings, the oldest lifetime first.
    index('items_lifetime_idx').on(table.renewedAt).where(sql`${table.status} = 1 and ${table.deletedAt} is null`),
    index('items_feed_idx').on(table.status, table.addedDate.desc()).where(sql`${table.deletedAt} is null`),
    index('items_owner_idx').on(table.addedUserId, table.status, table.addedDate.desc()),
    // The owner's lists that span statuses (rejected with disabled) or cut across them (sold), newest first.
    index('items_owner_newest_idx')
      .on(table.addedUserId, table.addedDate.desc(), table.id.desc())
      .where(sql`${table.deletedAt} is null`),
    // The console's account page: every listing of an owner, deleted ones too, newest first (its columns never
    // change, so updates of a listing stay HOT as far as this index goes).
    index('items_owner_all_newest_idx').on(table.addedUserId, table.addedDate.desc(), table.id.desc()),
    // Words, map cells and (btree_gin) the category in one GIN scan: "engine" in vehicles read 1,552 heap pages of
    // 39,295 matches to keep 1,001; with the category in the index 23,560 matches are found without the heap.
    // The week a listing was added, too: a common word's newest matches are found in the index (migration 0034);
    // and its city and district, which a place named in the words matches (search/place-words.ts): each side of
    // that "or" is then one scan of this index with the other conditions.
    index('items_search_idx')
      .using(
        'gin',
        table.searchVector,
        table.geoCells,
        table.catId,
        sql`souk_added_weeks(${table.addedDate})`,
        table.itemLocationId,
        table.itemLocationTownshipId,
      )
      .where(PUBLIC_ITEM),
    index('items_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('items_earth_idx')
      .using('gist', sql`ll_to_earth(${table.lat}, ${table.lng})`)
      .where(sql`${PUBLIC_ITEM} and ${table.lat} is not null and ${table.lng} is not null`),
    // A map search within one category (btree_gist): the box and the category from one index.
    index('items_public_category_earth_idx')
      .using('gist', table.catId, sql`ll_to_earth(${table.lat}, ${table.lng})`)
      .where(sql`${PUBLIC_ITEM} and ${table.lat} is not null and ${table.lng} is not null`),
    index('items_slug_idx').on(table.slug),
  ],
);

/** Every moderation decision on an item: who took it, when, and why (reject and disable give a reason). */
export const itemDecisions = pgTable(
  'item_decisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    reason: text('reason'),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('item_decisions_item_idx').on(table.itemId, table.decidedAt.desc())],
);

/**
 * Who revealed a listing's seller's phone, on which day (issue 24): a member counts once a day in the listing's
 * contact_count, and their reveals of the last hour count against contact_reveals_per_hour.
 */
export const itemContactReveals = pgTable(
  'item_contact_reveals',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    viewerId: text('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull().default(sql`current_date`),
    addedDate: addedDate(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.viewerId, table.day] }),
    index('item_contact_reveals_viewer_idx').on(table.viewerId, table.addedDate.desc()),
  ],
);

/**
 * One row per listing photo or video an account sent, to count them against uploads_per_hour before the costly
 * decoding (issue 24). Rows older than a day are pruned with the abandoned drafts.
 */
export const itemUploads = pgTable(
  'item_uploads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedDate: addedDate(),
  },
  (table) => [index('item_uploads_user_idx').on(table.userId, table.addedDate.desc())],
);

/**
 * Who viewed an item on which day: one row per viewer (user id, or a hash for a visitor) and day, so a view
 * counts once a day. Old days are pruned.
 */
export const itemViews = pgTable(
  'item_views',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    day: date('day').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.viewerKey, table.day] }),
    index('item_views_day_idx').on(table.day),
  ],
);

/**
 * Views counted but not yet folded into items.touch_count: a small table whose only index is its key, so a
 * view updates one narrow row instead of the item row and its twelve indexes. A job folds it in.
 */
export const itemViewCounts = pgTable('item_view_counts', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  pending: integer('pending').notNull().default(0),
});

/** Ids of deleted rows (type_name: item, user), for clients that keep a copy in step. */
export const deletionHistory = pgTable(
  'deletion_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    typeId: text('type_id').notNull(),
    typeName: text('type_name').notNull(),
    deletedDate: timestamp('deleted_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deletion_history_date_idx').on(table.deletedDate),
    // One record per deleted row: the follow-up that writes it may run twice.
    uniqueIndex('deletion_history_type_row_idx').on(table.typeName, table.typeId),
  ],
);

/**
 * The listings a signed-in person opened lately (issue 22 "Recently viewed"): one row per person and listing,
 * moved to the front by a new view; past RECENT_VIEWS_KEPT rows the oldest are dropped.
 */
export const recentViews = pgTable(
  'recent_views',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemId] }),
    index('recent_views_user_idx').on(table.userId, table.viewedAt.desc()),
  ],
);

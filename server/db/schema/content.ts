import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { items } from './catalog.ts';
import { addedDate, localized, publishStatus, updatedDate } from './columns.ts';
import { itemLocations } from './lookups.ts';

/** A notice for one user, or for everyone when user_id is null (an operator broadcast). */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('broadcast'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    addedDate: addedDate(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.addedDate.desc())],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.userId] })],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    platform: text('platform').notNull().default('frontend'),
    addedDate: addedDate(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

export const blogs = pgTable(
  'blogs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    titles: localized('titles'),
    bodies: localized('bodies'),
    cityId: integer('city_id').references(() => itemLocations.id, { onDelete: 'set null' }),
    status: publishStatus(),
    addedUserId: text('added_user_id').references(() => users.id, { onDelete: 'set null' }),
    addedDate: addedDate(),
    updatedDate: updatedDate(),
  },
  (table) => [index('blogs_feed_idx').on(table.status, table.addedDate.desc())],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: publishStatus(),
    addedDate: addedDate(),
  },
  (table) => [index('blog_comments_blog_idx').on(table.blogId, table.addedDate)],
);

export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  message: text('message').notNull(),
  isHandled: boolean('is_handled').notNull().default(false),
  addedDate: addedDate(),
});

/** Operator-written pages: about, privacy, safety tips, terms; one row per page and language. */
export const contentPages = pgTable(
  'content_pages',
  {
    kind: text('kind').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedDate: updatedDate().notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.lang] })],
);

/** The operator's settings: exactly one row with id 1 (SPEC.md 3 "App info response"). */
export const appSettings = pgTable(
  'app_settings',
  {
    id: smallint('id').primaryKey().default(1),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    isSubLocation: boolean('is_sub_location').notNull().default(true),
    isThumb2x3xGenerate: boolean('is_thumb2x_3x_generate').notNull().default(true),
    isItemApprovalEnabled: boolean('is_item_approval_enabled').notNull().default(false),
    isEmailVerificationEnabled: boolean('is_email_verification_enabled').notNull().default(true),
    defaultCurrencyShortForm: text('default_currency_short_form').notNull().default('SAR'),
    /** ISO 3166 country whose local phone numbers (0501234567) are understood without a country code. */
    defaultCountry: text('default_country').notNull().default('SA'),
    versionNo: text('version_no').notNull().default('1.1'),
    versionForceUpdate: boolean('version_force_update').notNull().default(false),
    versionTitle: text('version_title').notNull().default(''),
    versionMessage: text('version_message').notNull().default(''),
    versionNeedClearData: boolean('version_need_clear_data').notNull().default(false),
    oneDayPrice: numeric('oneday', { precision: 10, scale: 2 }).notNull().default('0'),
    stripeEnabled: boolean('stripe_enabled').notNull().default(false),
    stripePublishableKey: text('stripe_publishable_key').notNull().default(''),
    paypalEnabled: boolean('paypal_enabled').notNull().default(false),
    razorEnabled: boolean('razor_enabled').notNull().default(false),
    razorKey: text('razor_key').notNull().default(''),
    paystackEnabled: boolean('paystack_enabled').notNull().default(false),
    paystackKey: text('paystack_key').notNull().default(''),
    offlineEnabled: boolean('offline_enabled').notNull().default(true),
    inAppPurchasedEnabled: boolean('in_app_purchased_enabled').notNull().default(false),
    inAppPurchasedProductIdAndroid: text('in_app_purchased_prd_id_android').notNull().default(''),
    inAppPurchasedProductIdIos: text('in_app_purchased_prd_id_ios').notNull().default(''),
    depositPercent: numeric('deposit_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    cooldownPeriod: integer('cooldown_period').notNull().default(0),
    membershipDuration: integer('membership_duration').notNull().default(30),
    membershipAmount: numeric('membership_amount', { precision: 10, scale: 2 }).notNull().default('0'),
    bidFee: numeric('bid_fee', { precision: 10, scale: 2 }).notNull().default('0'),
    uploadFee: numeric('upload_fee', { precision: 10, scale: 2 }).notNull().default('0'),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    updatedDate: updatedDate().notNull().defaultNow(),
  },
  (table) => [check('app_settings_single_row', sql`${table.id} = 1`)],
);

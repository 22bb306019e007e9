import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { updatedDate } from '../../db/schema/columns.ts';

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
    /** Listings a member may post in a day (0: the same as everyone): the membership's benefit. */
    memberListingsPerDay: integer('member_listings_per_day').notNull().default(0),
    /** Days an active listing stays up before it expires, counted from its posting or renewal (0: never). */
    listingLifetimeDays: smallint('listing_lifetime_days').notNull().default(60),
    /** How many days before that its owner is told (and may renew early). */
    expiryNoticeDays: smallint('expiry_notice_days').notNull().default(3),
    /** The period in which one bump to the top of "Latest" is free (0: bumps are not offered). */
    bumpFreeDays: smallint('bump_free_days').notNull().default(7),
    /** The price of a bump beyond the free ones (0: none are sold). */
    bumpPrice: numeric('bump_price', { precision: 10, scale: 2 }).notNull().default('0'),
    /** Free bumps a member has in each period (0: one, as everyone): a membership benefit. */
    memberFreeBumps: smallint('member_free_bumps').notNull().default(0),
    bidFee: numeric('bid_fee', { precision: 10, scale: 2 }).notNull().default('0'),
    uploadFee: numeric('upload_fee', { precision: 10, scale: 2 }).notNull().default('0'),
    /**
     * The weight of open reports that holds a listing for an admin's review, in trusted reporters: a month-old
     * account with a proven phone and no dismissed reports weighs 1, a new one little (issue 24); 0: never.
     */
    reportHideThreshold: smallint('report_hide_threshold').notNull().default(3),
    /** Reports one account may make in an hour and in 24 hours (issue 24); 0: no limit. */
    reportsPerHour: smallint('reports_per_hour').notNull().default(10),
    reportsPerDay: smallint('reports_per_day').notNull().default(30),
    /** Listings one account may post in 24 hours, deleted ones counted (issue 24); 0: no limit. Admins have none. */
    listingsPerDay: smallint('listings_per_day').notNull().default(20),
    /** The same for an account younger than a week (0: the general limit). */
    newAccountListingsPerDay: smallint('new_account_listings_per_day').notNull().default(5),
    /** An account's first listings that wait for an admin even when approval is off (0: none). */
    firstListingsReviewed: smallint('first_listings_reviewed').notNull().default(1),
    /** Listing photos and videos one account may upload in an hour (0: no limit). */
    uploadsPerHour: smallint('uploads_per_hour').notNull().default(100),
    /** Price offers a buyer may make in one conversation in an hour (0: no limit). */
    offersPerHour: smallint('offers_per_hour').notNull().default(5),
    /** Sellers' phone numbers one member may reveal in an hour (0: no limit). */
    contactRevealsPerHour: smallint('contact_reveals_per_hour').notNull().default(30),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    updatedDate: updatedDate().notNull().defaultNow(),
  },
  (table) => [check('app_settings_single_row', sql`${table.id} = 1`)],
);

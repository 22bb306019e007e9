import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { addedDate, updatedDate } from '../../db/schema/columns.ts';
import { itemLocations } from '../lookups/schema.ts';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
});

/** The accounts others may see (policy.ts isPublic), written as the people search asks, so its index applies. */
export const PUBLIC_ACCOUNT = sql`status = 1 and not is_banned`;

/** The words of a name as people search them (user_name_key split, no stemming): its index is built on this. */
export const nameWords = (userNameKey: AnyPgColumn) => sql`to_tsvector('simple', ${userNameKey})`;

/**
 * Accounts. The columns the auth library needs (id, name, email, email verified, image, timestamps) are
 * mapped onto the spec's field names; the rest are the spec's User fields (SPEC.md 3).
 * status: 0 pending verification, 1 active, 2 unpublished, 3 rejected, 4 deactivated (contract/users.ts USER_STATUS).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    userName: text('user_name').notNull(),
    /**
     * The name as people search compares it: Arabic spelling variants folded (souk_normalize), punctuation and
     * spaces as one space. Stored, so that ranking thousands of matches folds none of them again (decisions/0026).
     */
    userNameKey: text('user_name_key').generatedAlwaysAs(
      sql`btrim(regexp_replace(souk_normalize(user_name), '[[:space:][:punct:]]+', ' ', 'g'))`,
    ),
    userEmail: text('user_email').notNull(),
    emailVerify: boolean('email_verify').notNull().default(false),
    userPhone: text('user_phone'),
    phoneVerify: boolean('phone_verify').notNull().default(false),
    /** A new address asked for in the profile, kept apart until its owner enters the code sent to it. */
    pendingEmail: text('pending_email'),
    image: text('image'),
    facebookId: text('facebook_id'),
    googleId: text('google_id'),
    phoneId: text('phone_id'),
    appleId: text('apple_id'),
    facebookVerify: boolean('facebook_verify').notNull().default(false),
    googleVerify: boolean('google_verify').notNull().default(false),
    appleVerify: boolean('apple_verify').notNull().default(false),
    userAddress: text('user_address'),
    userLat: doublePrecision('user_lat'),
    userLng: doublePrecision('user_lng'),
    cityId: integer('city').references(() => itemLocations.id, { onDelete: 'set null' }),
    userAboutMe: text('user_about_me'),
    isShowEmail: boolean('is_show_email').notNull().default(false),
    isShowPhone: boolean('is_show_phone').notNull().default(false),
    showProfileOnItems: boolean('show_profile_on_items').notNull().default(true),
    showNotifications: boolean('show_notifications').notNull().default(true),
    userCoverPhoto: text('user_cover_photo'),
    userProfilePhoto: text('user_profile_photo'),
    whatsapp: text('whatsapp'),
    messenger: text('messenger'),
    roleId: integer('role_id')
      .notNull()
      .default(1)
      .references(() => roles.id),
    userIsSysAdmin: boolean('user_is_sys_admin').notNull().default(false),
    status: smallint('status').notNull().default(1),
    isBanned: boolean('is_banned').notNull().default(false),
    isVerifyBlueMark: boolean('is_verify_blue_mark').notNull().default(false),
    isVerifiedDealer: boolean('is_verified_dealer').notNull().default(false),
    deviceToken: text('device_token'),
    overallRating: numeric('overall_rating', { precision: 3, scale: 2 }).notNull().default('0'),
    ratingCount: integer('rating_count').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    preferredLanguage: text('preferred_language'),
    membershipExpiresAt: timestamp('membership_expires_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    addedDate: addedDate(),
    updatedDate: updatedDate().notNull().defaultNow(),
  },
  (table) => [
    // Addresses are stored in lower case (better-auth looks them up as `user_email = lower(input)`), so one
    // plain unique index serves every lookup and keeps addresses unique whatever their case.
    uniqueIndex('users_email_unique').on(table.userEmail),
    check('users_email_lower_case', sql`${table.userEmail} = lower(${table.userEmail})`),
    // Only a number its account proved with an SMS code is taken; unproven claims never block its owner.
    uniqueIndex('users_verified_phone_unique').on(table.userPhone).where(sql`${table.phoneVerify}`),
    index('users_status_idx').on(table.status, table.isBanned),
    index('users_public_name_words_idx').using('gin', nameWords(table.userNameKey)).where(PUBLIC_ACCOUNT),
  ],
);

/** status: 0 pending, 1 approved, 2 rejected, 3 cancelled by the applicant. */
export const blueMarkApplications = pgTable(
  'blue_mark_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    status: smallint('status').notNull().default(0),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedDate: timestamp('decided_date', { withTimezone: true }),
    /** Why an operator refused it, shown to the applicant. */
    reason: text('reason'),
    addedDate: addedDate(),
  },
  (table) => [index('blue_mark_applications_user_idx').on(table.userId, table.addedDate.desc())],
);

/** status: 0 pending, 1 approved, 2 rejected, 3 cancelled by the applicant. */
export const dealershipApplications = pgTable(
  'dealership_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    certificatePath: text('certificate_path'),
    status: smallint('status').notNull().default(0),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedDate: timestamp('decided_date', { withTimezone: true }),
    /** Why an operator refused it, shown to the applicant. */
    reason: text('reason'),
    addedDate: addedDate(),
  },
  (table) => [index('dealership_applications_user_idx').on(table.userId, table.addedDate.desc())],
);

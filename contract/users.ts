import { z } from 'zod';
import { dateTimeSchema, emailSchema, flag, optionalText, requiredText, VALIDATION } from './fields.ts';
import { serialIdSchema } from './ids.ts';
import { pageQuerySchema } from './paging.ts';
import { PEOPLE_SEARCH } from './user-basics.ts';

export { PEOPLE_SEARCH, ROLE, USER_STATUS, VISITOR_USER_ID } from './user-basics.ts';

export const ratingSummarySchema = z
  .object({
    five_star_count: z.number().int(),
    five_star_percent: z.number(),
    four_star_count: z.number().int(),
    four_star_percent: z.number(),
    three_star_count: z.number().int(),
    three_star_percent: z.number(),
    two_star_count: z.number().int(),
    two_star_percent: z.number(),
    one_star_count: z.number().int(),
    one_star_percent: z.number(),
    total_rating_count: z.number().int(),
    total_rating_value: z.number(),
  })
  .meta({ id: 'RatingSummary' });

/** A user as others see it (SPEC.md 3 "User"); what its owner hides is null. */
/** A seller's numbers, revealed to a signed-in member who asked (issue 24). */
export const sellerContactSchema = z
  .object({
    user_phone: z.string().nullable().describe('The proven phone, for a call; null when only WhatsApp is shared'),
    whatsapp: z.string().nullable(),
  })
  .meta({ id: 'SellerContact' });
export type SellerContact = z.infer<typeof sellerContactSchema>;

export const userSchema = z
  .object({
    user_id: z.string(),
    /** Only in the owner's and administrators' view. */
    user_is_sys_admin: z.boolean().optional(),
    facebook_id: z.string().nullable(),
    google_id: z.string().nullable(),
    phone_id: z.string().nullable(),
    apple_id: z.string().nullable(),
    user_name: z.string(),
    user_email: z.string().nullable(),
    user_phone: z
      .string()
      .nullable()
      .describe('Only a number proven with an SMS code; to others only through the contact reveal (shows_phone)'),
    pending_email: z
      .string()
      .nullable()
      .describe('A new address waiting for the code sent to it (shown to the owner only)'),
    user_address: z.string().nullable(),
    user_lat: z.number().nullable(),
    user_lng: z.number().nullable(),
    city: z.number().int().nullable(),
    user_about_me: z.string().nullable(),
    is_show_email: z.boolean(),
    is_show_phone: z.boolean(),
    user_cover_photo: z.string().nullable(),
    user_profile_photo: z.string().nullable(),
    /** Only in the owner's and administrators' view. */
    role_id: z.number().int().optional(),
    status: z.number().int(),
    is_banned: z.boolean(),
    added_date: dateTimeSchema,
    added_date_timestamp: z.number().int(),
    overall_rating: z.number(),
    whatsapp: z.string().nullable().describe('To others only through the contact reveal (shows_whatsapp)'),
    /** The account shares its proven phone: a signed-in member may reveal it (POST …/contact), one at a time. */
    shows_phone: z.boolean(),
    /** The account shares a WhatsApp number the same way. */
    shows_whatsapp: z.boolean(),
    messenger: z.string().nullable(),
    follower_count: z.number().int(),
    following_count: z.number().int(),
    email_verify: z.boolean(),
    apple_verify: z.boolean(),
    facebook_verify: z.boolean(),
    google_verify: z.boolean(),
    phone_verify: z.boolean(),
    rating_count: z.number().int(),
    is_followed: z.boolean(),
    rating_details: ratingSummarySchema,
    is_favourited: z.boolean(),
    is_owner: z.boolean(),
    is_verify_blue_mark: z.boolean(),
    is_verified_dealer: z.boolean(),
    /** A member's badge (issue 23): the membership bought lasts until member_until. */
    is_member: z.boolean(),
    member_until: z.string().nullable(),
  })
  .meta({ id: 'User' });

export type RatingSummary = z.infer<typeof ratingSummarySchema>;
export type User = z.infer<typeof userSchema>;

export const userNameSchema = requiredText.pipe(z.string().max(120, VALIDATION.tooLong));

/** An address someone gives for their account (registration, a profile's new address). */
export const newEmailSchema = emailSchema.pipe(z.string().max(200, VALIDATION.tooLong));

export const profileUpdateSchema = z.object({
  user_name: userNameSchema,
  /** A different address is not changed at once: a code is sent to it first (emailChangeSchema). */
  user_email: z.preprocess((value) => (value === '' ? undefined : value), newEmailSchema.optional()),
  user_about_me: optionalText(2000),
  user_address: optionalText(300),
  city: z
    .union([z.literal('').transform(() => null), serialIdSchema])
    .optional()
    .transform((value) => value ?? null),
  whatsapp: optionalText(40),
  messenger: optionalText(100),
  is_show_email: flag,
  is_show_phone: flag,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const userSettingsSchema = z.object({ show_profile_on_items: flag, show_notifications: flag });
export type UserSettingsInput = z.infer<typeof userSettingsSchema>;

export const blueMarkSchema = z.object({ note: z.string().trim().min(1, VALIDATION.blueMarkNote) });

/** A person found by name: what anyone may see of them on a card, never an address or a number. */
export const personCardSchema = z
  .object({
    user_id: z.string(),
    user_name: z.string(),
    user_profile_photo: z.string().nullable(),
    overall_rating: z.number(),
    rating_count: z.number().int(),
    follower_count: z.number().int(),
    is_verify_blue_mark: z.boolean(),
    is_verified_dealer: z.boolean(),
  })
  .meta({ id: 'PersonCard' });
export type PersonCard = z.infer<typeof personCardSchema>;

/** People search: a name (each word the start of a word of theirs), paged by limit/offset or a cursor. */
export const peopleSearchQuerySchema = pageQuerySchema(PEOPLE_SEARCH.pageSize).extend({
  name: z
    .string()
    .trim()
    .min(PEOPLE_SEARCH.minLength, 'social.peopleSearch.nameTooShort')
    .max(PEOPLE_SEARCH.maxLength, 'social.peopleSearch.nameTooLong'),
  limit: z.coerce.number().int().min(1).max(PEOPLE_SEARCH.maxPageSize).default(PEOPLE_SEARCH.pageSize),
});
export type PeopleSearchQuery = z.output<typeof peopleSearchQuerySchema>;

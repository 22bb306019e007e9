import { z } from 'zod';
import { IMAGE_TYPES } from './constants.ts';

/** Response entities of SPEC.md 3, with the spec's snake_case names. */

const dateTime = z.string().describe('ISO 8601 timestamp');
const dateText = z.string().describe('The same date shown as month-day-year hour:minute in the request language');

export const imageSchema = z
  .object({
    img_id: z.string(),
    img_parent_id: z.string(),
    img_type: z.enum(IMAGE_TYPES),
    img_path: z.string().describe('File name under /uploads/'),
    img_width: z.number().int(),
    img_height: z.number().int(),
    img_desc: z.string(),
  })
  .meta({ id: 'Image' });

export const lookupSchema = z
  .object({
    id: z.number().int(),
    name: z.string().describe('Name in the request language'),
    status: z.number().int(),
    added_date: dateTime,
    added_date_str: dateText,
  })
  .meta({ id: 'Lookup' });

export const priceTypeSchema = lookupSchema.extend({ is_empty_object: z.boolean() }).meta({ id: 'PriceType' });

export const modelSchema = lookupSchema.extend({ manufacturer_id: z.number().int() }).meta({ id: 'Model' });

export const currencySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    currency_short_form: z.string(),
    currency_symbol: z.string(),
    is_default: z.boolean(),
    status: z.number().int(),
    added_date: dateTime,
    added_date_str: dateText,
  })
  .meta({ id: 'Currency' });

export const itemLocationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    lat: z.number(),
    lng: z.number(),
    status: z.number().int(),
    added_date: dateTime,
    added_date_str: dateText,
  })
  .meta({ id: 'ItemLocation' });

export const townshipSchema = z
  .object({
    id: z.number().int(),
    city_id: z.number().int(),
    township_name: z.string(),
    odering: z.number().int().describe('Display order (the spec spells it this way)'),
    lat: z.number(),
    lng: z.number(),
    status: z.number().int(),
    added_date: dateTime,
    added_date_str: dateText,
  })
  .meta({ id: 'LocationTownship' });

export const categorySchema = z
  .object({
    cat_id: z.number().int(),
    cat_name: z.string().describe('Name in the request language'),
    cat_name_ar: z.string(),
    cat_ordering: z.number().int(),
    slug: z.string(),
    icon: z.string().describe('Icon name from the lucide set'),
    status: z.number().int(),
    added_date: dateTime,
    added_date_str: dateText,
    default_photo: imageSchema.nullable(),
    default_icon: imageSchema.nullable(),
  })
  .meta({ id: 'Category' });

export const subcategorySchema = z
  .object({
    id: z.number().int(),
    cat_id: z.number().int(),
    name: z.string(),
    status: z.number().int(),
    added_date: dateTime,
    added_date_str: dateText,
    added_user_id: z.string().nullable(),
    updated_date: dateTime.nullable(),
    updated_user_id: z.string().nullable(),
    updated_flag: z.number().int(),
    default_photo: imageSchema.nullable(),
  })
  .meta({ id: 'Subcategory' });

export type Image = z.infer<typeof imageSchema>;
export type Lookup = z.infer<typeof lookupSchema>;
export type PriceType = z.infer<typeof priceTypeSchema>;
export type Model = z.infer<typeof modelSchema>;
export type Currency = z.infer<typeof currencySchema>;
export type ItemLocation = z.infer<typeof itemLocationSchema>;
export type Township = z.infer<typeof townshipSchema>;
export type Category = z.infer<typeof categorySchema>;
export type Subcategory = z.infer<typeof subcategorySchema>;

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
    user_phone: z.string().nullable().describe('Only a number proven with an SMS code'),
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
    added_date: dateTime,
    added_date_timestamp: z.number().int(),
    overall_rating: z.number(),
    whatsapp: z.string().nullable(),
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
  })
  .meta({ id: 'User' });

const lookupRef = lookupSchema.nullable();

export const itemSchema = z
  .object({
    id: z.string(),
    cat_id: z.number().int(),
    sub_cat_id: z.number().int().nullable(),
    item_type_id: z.number().int().nullable(),
    item_price_type_id: z.number().int().nullable(),
    item_currency_id: z.number().int().nullable(),
    item_location_id: z.number().int().nullable(),
    item_location_township_id: z.number().int().nullable(),
    condition_of_item_id: z.number().int().nullable(),
    deal_option_id: z.number().int().nullable(),
    deal_option_remark: z.string().nullable(),
    description: z.string(),
    highlight_info: z.string(),
    price: z.string().describe('Decimal as text, exact'),
    brand: z.string().nullable(),
    business_mode: z.boolean().describe('Is-shop: can be ordered several times'),
    is_sold_out: z.boolean(),
    title: z.string(),
    address: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    status: z.number().int(),
    added_date: dateTime,
    added_date_str: dateText,
    added_user_id: z.string(),
    updated_date: dateTime.nullable(),
    updated_user_id: z.string().nullable(),
    updated_flag: z.number().int(),
    touch_count: z.number().int(),
    favourite_count: z.number().int(),
    is_paid: z.boolean(),
    paid_status: z.string(),
    dynamic_link: z.string().nullable(),
    photo_count: z.number().int(),
    is_favourited: z.boolean(),
    is_owner: z.boolean(),
    default_photo: imageSchema.nullable(),
    default_video: imageSchema.nullable(),
    default_video_icon: imageSchema.nullable(),
    category: categorySchema.nullable(),
    sub_category: subcategorySchema.nullable(),
    item_type: lookupRef,
    item_price_type: priceTypeSchema.nullable(),
    item_currency: currencySchema.nullable(),
    item_location: itemLocationSchema.nullable(),
    condition_of_item: lookupRef,
    deal_option: lookupRef,
    user: userSchema.nullable(),
  })
  .meta({ id: 'Item' });

export const chatRecordSchema = z
  .object({
    id: z.string(),
    item_id: z.string(),
    buyer_user_id: z.string(),
    seller_user_id: z.string(),
    nego_price: z.string(),
    buyer_unread_count: z.number().int(),
    seller_unread_count: z.number().int(),
    is_accept: z.number().int().describe('Chat and offer status (SPEC.md 4): 0 none … 5 bought'),
    added_date: dateTime,
    added_date_str: dateText,
    is_offer: z.boolean(),
    offer_amount: z.string().nullable(),
    photo_count: z.number().int(),
    is_favourited: z.boolean(),
    is_owner: z.boolean(),
    default_photo: imageSchema.nullable(),
    item: itemSchema.nullable(),
    buyer: userSchema.nullable(),
    seller: userSchema.nullable(),
  })
  .meta({ id: 'ChatRecord' });

export const paidAdSchema = z
  .object({
    id: z.number().int(),
    item_id: z.string(),
    package_days: z.number().int(),
    start_date: dateTime,
    end_date: dateTime,
    amount: z.string().describe('Total spending'),
    payment_method: z.enum(['paypal', 'stripe', 'razor', 'offline', 'paystack', 'In_App_Purchase']),
    paid_status: z.enum(['Progress', 'Finished', 'Not yet start', 'not_available']),
  })
  .meta({ id: 'PaidAd' });

export const appInfoSchema = z
  .object({
    version: z.object({
      version_no: z.string(),
      version_force_update: z.boolean(),
      version_title: z.string(),
      version_message: z.string(),
      version_need_clear_data: z.boolean(),
    }),
    app_setting: z.object({
      lat: z.number(),
      lng: z.number(),
      is_sub_location: z.boolean(),
      is_thumb2x_3x_generate: z.boolean(),
    }),
    user_info: z.object({ user_status: z.string() }),
    delete_history: z.array(
      z.object({ id: z.number().int(), type_id: z.string(), type_name: z.string(), deleted_date: dateTime }),
    ),
    oneday: z.string(),
    currency_symbol: z.string(),
    currency_short_form: z.string(),
    stripe_publishable_key: z.string(),
    paypal_enabled: z.boolean(),
    stripe_enabled: z.boolean(),
    razor_enabled: z.boolean(),
    razor_key: z.string(),
    offline_enabled: z.boolean(),
    paystack_enabled: z.boolean(),
    paystack_key: z.string(),
    in_app_purchased_enabled: z.boolean(),
    in_app_purchased_prd_id_android: z.string(),
    in_app_purchased_prd_id_ios: z.string(),
    deposit_percent: z.string(),
    cooldown_period: z.number().int(),
    membership_duration: z.number().int(),
    membership_amount: z.string(),
    bid_fee: z.string(),
    upload_fee: z.string(),
  })
  .meta({ id: 'AppInfo' });

export type RatingSummary = z.infer<typeof ratingSummarySchema>;
export type User = z.infer<typeof userSchema>;
export type Item = z.infer<typeof itemSchema>;
export type ChatRecord = z.infer<typeof chatRecordSchema>;
export type PaidAd = z.infer<typeof paidAdSchema>;
export type AppInfo = z.infer<typeof appInfoSchema>;

export const CONTENT_PAGE_KINDS = ['about', 'privacy', 'safety', 'terms'] as const;
export type ContentPageKind = (typeof CONTENT_PAGE_KINDS)[number];

export const contentPageSchema = z
  .object({
    kind: z.enum(CONTENT_PAGE_KINDS),
    lang: z.string().describe('Language the text is written in (may differ from the one asked for)'),
    title: z.string(),
    body: z.string().describe('Paragraphs separated by a blank line'),
    updated_date: dateTime,
    updated_date_str: dateText,
  })
  .meta({ id: 'ContentPage' });

export const blogSchema = z
  .object({
    id: z.number().int(),
    name: z.string().describe('Title in the request language'),
    description: z.string().describe('Body; paragraphs separated by a blank line'),
    city_id: z.number().int().nullable(),
    status: z.number().int(),
    added_date: dateTime,
    added_date_str: dateText,
    default_photo: imageSchema.nullable(),
  })
  .meta({ id: 'Blog' });

export type ContentPage = z.infer<typeof contentPageSchema>;
export type Blog = z.infer<typeof blogSchema>;

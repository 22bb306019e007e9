import { z } from 'zod';
import { dateTextSchema, dateTimeSchema } from './fields.ts';
import { RECENTLY_VIEWED_KEPT, REPORT_REASONS } from './item-basics.ts';
import {
  categorySchema,
  currencySchema,
  itemLocationSchema,
  lookupSchema,
  priceTypeSchema,
  subcategorySchema,
} from './lookups.ts';
import { imageSchema } from './media.ts';
import { userSchema } from './users.ts';

export {
  INVALID_COORDINATE,
  ITEM_RAIL_KINDS,
  ITEM_RAIL_SIZE,
  ITEM_STATUS,
  type ItemRailKind,
  itemIdFromName,
  itemNameOf,
  itemPath,
  MAX_ITEM_IMAGES,
  MODERATION_DECISIONS,
  type ModerationDecision,
  OWNER_LISTS,
  type OwnerList,
  RECENTLY_VIEWED_KEPT,
  REPORT_REASONS,
  type ReportReason,
  slugOf,
} from './item-basics.ts';

const lookupRef = lookupSchema.nullable();

/** How an item's vehicle details name each choice (lookup names in the request language). */
export const vehicleDetailsSchema = z
  .object({
    manufacturer: lookupRef,
    model: lookupRef,
    year: z.number().int().nullable(),
    mileage: z.number().int().nullable(),
    engine_status: lookupRef,
    transmission: lookupRef,
    fuel_type: lookupRef,
    body_style: lookupRef,
    color: lookupRef,
    seller_type: lookupRef,
    vehicle_type: lookupRef,
  })
  .meta({ id: 'VehicleDetails' });
export type VehicleDetails = z.infer<typeof vehicleDetailsSchema>;

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
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
    added_user_id: z.string(),
    updated_date: dateTimeSchema.nullable(),
    updated_user_id: z.string().nullable(),
    updated_flag: z.number().int(),
    touch_count: z.number().int(),
    favourite_count: z.number().int(),
    is_paid: z.boolean(),
    paid_status: z.string(),
    dynamic_link: z.string().nullable(),
    item_name: z.string().describe('The readable address part of /item/{itemName}: slug and id'),
    keyword: z.string().nullable(),
    item_location_township: z.object({ id: z.number().int(), township_name: z.string() }).nullable(),
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

export type Item = z.infer<typeof itemSchema>;

/**
 * An item as a card shows it (lists and rails): the dozen fields a card needs instead of the whole Item with its
 * fifteen lookups. Pages always get it; API clients ask for it with `?view=card`.
 */
export const itemCardSchema = z
  .object({
    id: z.string(),
    item_name: itemSchema.shape.item_name,
    title: z.string(),
    price: itemSchema.shape.price,
    status: z.number().int(),
    is_sold_out: z.boolean(),
    is_paid: z.boolean(),
    cat_id: z.number().int(),
    sub_cat_id: z.number().int().nullable(),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
    is_favourited: z.boolean(),
    is_owner: z.boolean(),
    default_photo: imageSchema.nullable(),
    item_currency: z.object({ id: z.number().int(), currency_symbol: z.string() }).nullable(),
    item_location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    seller: z
      .object({ is_verify_blue_mark: z.boolean(), is_verified_dealer: z.boolean() })
      .describe("The seller's verified marks, shown on the card"),
  })
  .meta({ id: 'ItemCard' });
export type ItemCardView = z.infer<typeof itemCardSchema>;

/** How a list presents its items: the spec's whole Item (the default) or the card. */
export const ITEM_VIEWS = ['full', 'card'] as const;
export type ItemView = (typeof ITEM_VIEWS)[number];

/** What a list holds in each view. */
export type ItemOfView<V extends ItemView> = V extends 'card' ? ItemCardView : Item;
/** The same for the owner's own lists (each with its reject reason). */
export type OwnItemOfView<V extends ItemView> = V extends 'card' ? OwnItemCard : OwnItem;

/** The `view` of a list answer: `?view=card` asks for cards. */
export const itemViewQuery = z.object({
  view: z.enum(ITEM_VIEWS).default('full').describe('card: the ItemCard of each item instead of the whole Item'),
});
const UUID_TEXT = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** A visitor's recently viewed listings, as their browser keeps them: up to RECENTLY_VIEWED_KEPT ids, commas between. */
/** What a browser viewed before its visitor signed in, the latest first: kept with their account's list. */
export const recentlyViewedInputSchema = z
  .object({
    item_ids: z
      .array(z.string().regex(new RegExp(`^${UUID_TEXT}$`)))
      .min(1)
      .max(RECENTLY_VIEWED_KEPT)
      .describe(`Item ids, the latest viewed first, at most ${RECENTLY_VIEWED_KEPT}`),
  })
  .strict();

export const listedCardsQuery = z
  .object({
    ids: z
      .string()
      .regex(new RegExp(`^${UUID_TEXT}(,${UUID_TEXT}){0,${RECENTLY_VIEWED_KEPT - 1}}$`))
      .transform((ids) => ids.split(','))
      .describe(`Item ids, comma-separated, at most ${RECENTLY_VIEWED_KEPT}`),
  })
  .extend(itemViewQuery.shape);

/** A list's item in either view (the whole Item first: it is the default). */
export const itemOrCardSchema = z.union([itemSchema, itemCardSchema]);

/** A card in its owner's own lists, with why it was refused. */
export const ownItemCardSchema = itemCardSchema
  .extend({ reject_reason: z.string().nullable() })
  .meta({ id: 'OwnItemCard' });
export type OwnItemCard = z.infer<typeof ownItemCardSchema>;

/** What an item's page shows beyond its card: every photo in order and the vehicle's details. */
export const itemDetailSchema = itemSchema
  .extend({
    images: z.array(imageSchema).describe('Every photo, cover first'),
    vehicle: vehicleDetailsSchema.nullable().describe('Only for vehicle categories'),
    reject_reason: z.string().nullable().describe('Shown to the owner and admins of a rejected or disabled item'),
    is_reported: z.boolean().describe('The viewer reported it: it is in no list of theirs any more'),
  })
  .meta({ id: 'ItemDetail' });
export type ItemDetail = z.infer<typeof itemDetailSchema>;

/** An item in its owner's own lists (/active-items, /pending-items, /reject-items): the card and, when rejected or disabled, why. */
export const ownItemSchema = itemSchema
  .extend({
    reject_reason: z.string().nullable().describe('Why a rejected or disabled item was refused; null otherwise'),
  })
  .meta({ id: 'OwnItem' });
export type OwnItem = z.infer<typeof ownItemSchema>;

/** An open report of a listing, as the moderation queue shows it. */
export const itemReportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS),
    note: z.string(),
    reporter_id: z.string(),
    reporter_name: z.string(),
    /** How much the report counts towards holding the listing: 1 is a trusted reporter, 0 nothing (issue 24). */
    reporter_weight: z.number().min(0).max(1),
    added_date: dateTimeSchema,
  })
  .meta({ id: 'ItemReport' });
export type ItemReport = z.infer<typeof itemReportSchema>;

/** An item in the moderation queue: its page and the open reports on it. */
export const moderationItemSchema = itemDetailSchema
  .extend({ open_reports: z.array(itemReportSchema) })
  .meta({ id: 'ModerationItem' });
export type ModerationItem = z.infer<typeof moderationItemSchema>;

import { z } from 'zod';
import { dateTextSchema, dateTimeSchema } from './fields.ts';
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

export const ITEM_STATUS = { pending: 0, active: 1, disabled: 2, rejected: 3 } as const;
export const MAX_ITEM_IMAGES = 5;
/** What a map shows when an item has no coordinates (SPEC.md 9). */
export const INVALID_COORDINATE = '0.000000';

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

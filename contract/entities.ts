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

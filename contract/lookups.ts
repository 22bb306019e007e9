import { z } from 'zod';
import { dateTextSchema, dateTimeSchema } from './fields.ts';
import { imageSchema } from './media.ts';

/** The `status` of a lookup row that is offered to people. */
export const ENABLED_FLAG = 1;

/** A page of a lookup list, in the order asked for. */
export interface ListQuery {
  limit: number;
  offset: number;
  orderBy: 'name' | 'ordering';
  orderType: 'asc' | 'desc';
}

export const lookupSchema = z
  .object({
    id: z.number().int(),
    name: z.string().describe('Name in the request language'),
    status: z.number().int(),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
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
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
  })
  .meta({ id: 'Currency' });

export const shippingMethodSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price: z.string().describe('In the site\'s currency, as exact text; "0" when free'),
    days: z.number().int().nullable().describe('Days a delivery takes; null when not said'),
    status: z.number().int(),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
  })
  .meta({ id: 'ShippingMethod' });

export const itemLocationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    lat: z.number(),
    lng: z.number(),
    status: z.number().int(),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
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
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
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
    is_vehicle: z.boolean().describe('Items here carry vehicle details (manufacturer, model, year...)'),
    status: z.number().int(),
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
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
    added_date: dateTimeSchema,
    added_date_str: dateTextSchema,
    added_user_id: z.string().nullable(),
    updated_date: dateTimeSchema.nullable(),
    updated_user_id: z.string().nullable(),
    updated_flag: z.number().int(),
    default_photo: imageSchema.nullable(),
  })
  .meta({ id: 'Subcategory' });

export type Lookup = z.infer<typeof lookupSchema>;
export type PriceType = z.infer<typeof priceTypeSchema>;
export type Model = z.infer<typeof modelSchema>;
export type Currency = z.infer<typeof currencySchema>;
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
export type ItemLocation = z.infer<typeof itemLocationSchema>;
export type Township = z.infer<typeof townshipSchema>;
export type Category = z.infer<typeof categorySchema>;
export type Subcategory = z.infer<typeof subcategorySchema>;

import { z } from 'zod';
import { coordinate, formCheckbox, localizedFormTexts, moneyText, whole } from './console.ts';
import {
  CONSOLE_LIST_KINDS,
  type ConsoleListKind,
  isChildList,
  listHasCurrency,
  listHasPoint,
  listHasShipping,
} from './console-lists-basics.ts';
import { VALIDATION } from './field-basics.ts';
import { serialIdSchema } from './ids.ts';

export {
  type ChildListKind,
  CONSOLE_LIST_KINDS,
  type ConsoleListKind,
  isChildList,
  LIST_CHILDREN,
  LIST_PARENTS,
  listHasCurrency,
  listHasPoint,
  listHasShipping,
} from './console-lists-basics.ts';

export const consoleListKindSchema = z.enum(CONSOLE_LIST_KINDS);

/** One entry of a lookup list as the console shows it: hidden ones too, its name in every language. */
export const consoleListEntrySchema = z
  .object({
    id: z.number().int(),
    kind: consoleListKindSchema,
    names: z.record(z.string(), z.string()),
    ordering: z.number().int(),
    is_published: z.boolean(),
    parent_id: z.number().int().nullable().describe('The manufacturer, category or city; null for top-level lists'),
    lat: z.number().nullable().describe('Cities and townships only'),
    lng: z.number().nullable(),
    code: z.string().nullable().describe('Currencies only: the ISO 4217 code (currency_short_form)'),
    symbol: z.string().nullable().describe('Currencies only: the symbol prices are written with'),
    price: z.string().nullable().describe("Shipping methods only: the price in the site's currency, as exact text"),
    days: z.number().int().nullable().describe('Shipping methods only: the days a delivery takes; null if not said'),
    photo: z.string().nullable().describe('Subcategories only: the path of the photo on its card, under /uploads/'),
  })
  .meta({ id: 'ConsoleListEntry' });
export type ConsoleListEntry = z.infer<typeof consoleListEntrySchema>;

/** A list (or one parent's part of it), with the parent's name for the heading. */
export const consoleListSchema = z
  .object({
    kind: consoleListKindSchema,
    parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    entries: z.array(consoleListEntrySchema),
  })
  .meta({ id: 'ConsoleList' });
export type ConsoleList = z.infer<typeof consoleListSchema>;

/** A latitude or longitude: required, an empty form field included (a number field posts "" when left empty). */
const mapCoordinate = (limit: number) =>
  z
    .preprocess((value) => (value === '' || value === null ? undefined : value), coordinate(limit).optional())
    .refine((value) => value !== undefined, 'validation.required')
    .transform((value) => value as number);

const baseEdit = {
  names: localizedFormTexts(80),
  ordering: whole(0, 10_000).prefault(0),
  is_published: formCheckbox,
};

const currencyCode = z
  .string({ message: VALIDATION.required })
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'console.lists.currencyCodeFormat')
  .transform((code) => code.toUpperCase());
const currencySymbol = z
  .string({ message: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .max(8, VALIDATION.tooLong);

/** The days a delivery takes: a whole number, or nothing said (an empty form field). */
const deliveryDays = z
  .preprocess((value) => (value === '' || value === null ? undefined : value), whole(1, 365).optional())
  .transform((value) => value ?? null);

/**
 * An entry's edit as the console's form or the API posts it: Arabic and English names required; a map point
 * where the list has one; a currency's code and symbol; a shipping method's price and days; the parent when a new entry of a child list is added (an
 * entry never changes parent).
 */
export function listEntryEditSchema(kind: ConsoleListKind) {
  return z.object({
    ...baseEdit,
    parent_id: isChildList(kind) ? serialIdSchema : z.undefined().optional(),
    lat: listHasPoint(kind) ? mapCoordinate(90) : z.undefined().optional(),
    lng: listHasPoint(kind) ? mapCoordinate(180) : z.undefined().optional(),
    code: listHasCurrency(kind) ? currencyCode : z.undefined().optional(),
    symbol: listHasCurrency(kind) ? currencySymbol : z.undefined().optional(),
    price: listHasShipping(kind) ? moneyText : z.undefined().optional(),
    days: listHasShipping(kind) ? deliveryDays : z.undefined().optional(),
  });
}
export type ListEntryEdit = {
  names: Record<string, string>;
  ordering: number;
  is_published: boolean;
  parent_id?: number | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  code?: string | undefined;
  symbol?: string | undefined;
  price?: string | undefined;
  days?: number | null | undefined;
};

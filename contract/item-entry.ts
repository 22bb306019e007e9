import { z } from 'zod';
import { VALIDATION } from './fields.ts';
import { MAX_SERIAL_ID } from './ids.ts';
import { ITEM_TEXT_LIMITS, MAX_MILEAGE, MIN_VEHICLE_YEAR } from './item-entry-basics.ts';
import { MAX_ITEM_IMAGES } from './items.ts';

export {
  ITEM_TEXT_LIMITS,
  MAX_ITEM_PRICE,
  MAX_MILEAGE,
  MIN_VEHICLE_YEAR,
  VEHICLE_FIELDS,
} from './item-entry-basics.ts';

const emptyToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const idNumber = z.coerce
  .number({ error: VALIDATION.required })
  .int(VALIDATION.required)
  .positive(VALIDATION.required)
  .max(MAX_SERIAL_ID, VALIDATION.required);

/** A chosen lookup (category, condition...): required. */
const requiredId = z.preprocess(emptyToUndefined, idNumber);
/** A lookup that may stay unchosen: null then. */
const optionalId = z.preprocess(emptyToUndefined, idNumber.optional()).transform((value) => value ?? null);

const requiredText = (max: number) =>
  z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(max, VALIDATION.tooLong);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, VALIDATION.tooLong)
    .nullish()
    .transform((value) => value || null);

/** An amount with at most two decimals, from 0 to MAX_ITEM_PRICE; kept as exact text ("1500.5"). */
export const priceSchema = z.preprocess(
  (value) =>
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replaceAll(',', '') : value,
  z
    .string({ error: VALIDATION.required })
    .min(1, VALIDATION.required)
    .regex(/^\d{1,12}(\.\d{1,2})?$/, VALIDATION.priceFormat),
);

/** Yes or no, and one of them must be chosen (is-shop). */
const requiredChoice = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: VALIDATION.required }),
);

const coordinate = (limit: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().min(-limit).max(limit).optional()).transform((v) => v ?? null);

const uuid = z.uuid();

const optionalWhole = (min: number, max: number) =>
  z
    .preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int(VALIDATION.wholeNumber)
        .min(min, VALIDATION.outOfRange)
        .max(max, VALIDATION.outOfRange)
        .optional(),
    )
    .transform((v) => v ?? null);

/**
 * The item entry form (SPEC.md 3 entry-form fields, SPEC.md 5 item entry rules): one schema for the browser,
 * the page action and the API. Ids arrive as numbers (JSON) or text (forms); an empty value is "not chosen".
 * Every message is a locale key (forms: validation.*); "required" names its field (forms: fields.<key>).
 */
export const itemEntrySchema = z
  .object({
    /** Photos uploaded beforehand (POST /api/v1/item-uploads/photos), in order: the first is the cover. */
    image_ids: z
      .array(uuid, { error: VALIDATION.imageRequired })
      .min(1, VALIDATION.imageRequired)
      .max(MAX_ITEM_IMAGES, VALIDATION.tooManyImages),
    /** An uploaded video (POST /api/v1/item-uploads/video) and its thumbnail, or null for none. */
    video_id: z.preprocess(emptyToUndefined, uuid.optional()).transform((v) => v ?? null),
    video_icon_id: z.preprocess(emptyToUndefined, uuid.optional()).transform((v) => v ?? null),
    title: requiredText(ITEM_TEXT_LIMITS.title),
    cat_id: requiredId,
    sub_cat_id: requiredId,
    item_type_id: requiredId,
    price: priceSchema,
    item_price_type_id: requiredId,
    item_currency_id: requiredId,
    condition_of_item_id: requiredId,
    brand: requiredText(ITEM_TEXT_LIMITS.brand),
    business_mode: requiredChoice,
    deal_option_id: requiredId,
    deal_option_remark: optionalText(ITEM_TEXT_LIMITS.deal_option_remark),
    item_location_id: requiredId,
    item_location_township_id: requiredId,
    address: optionalText(ITEM_TEXT_LIMITS.address),
    lat: coordinate(90),
    lng: coordinate(180),
    description: requiredText(ITEM_TEXT_LIMITS.description),
    highlight_info: optionalText(ITEM_TEXT_LIMITS.highlight_info),
    keyword: optionalText(ITEM_TEXT_LIMITS.keyword),
    // Vehicle details: asked only in vehicle categories, optional there.
    manufacturer_id: optionalId,
    model_id: optionalId,
    year: optionalWhole(MIN_VEHICLE_YEAR, new Date().getUTCFullYear() + 1),
    mileage: optionalWhole(0, MAX_MILEAGE),
    engine_status_id: optionalId,
    transmission_id: optionalId,
    fuel_type_id: optionalId,
    body_style_id: optionalId,
    color_id: optionalId,
    seller_type_id: optionalId,
    vehicle_type_id: optionalId,
  })
  .meta({ id: 'ItemEntry' });

/** What the form sends (ids as text or numbers). */
export type ItemEntryFields = z.input<typeof itemEntrySchema>;
/** What the service receives. */
export type ItemEntryInput = z.output<typeof itemEntrySchema>;

/** The order of the required fields as the form shows them (the first problem is named first). */
export const ITEM_ENTRY_FIELDS = Object.keys(itemEntrySchema.shape) as Array<keyof ItemEntryInput>;

// The item entry form's limits and vehicle fields without schemas: the form's sections load these, so they must
// not bring zod along. contract/item-entry.ts re-exports them with the entry schema.

/** The longest texts of an entry. */
export const ITEM_TEXT_LIMITS = {
  title: 120,
  brand: 60,
  description: 5000,
  highlight_info: 1000,
  keyword: 200,
  address: 300,
  deal_option_remark: 300,
} as const;

/** The largest price an item may ask (numeric(14,2) holds 12 whole digits). */
export const MAX_ITEM_PRICE = 999_999_999_999;
export const MIN_VEHICLE_YEAR = 1900;
export const MAX_MILEAGE = 10_000_000;

/** The vehicle details of an entry: asked and kept only in vehicle categories (Category.is_vehicle). */
export const VEHICLE_FIELDS = [
  'manufacturer_id',
  'model_id',
  'year',
  'mileage',
  'engine_status_id',
  'transmission_id',
  'fuel_type_id',
  'body_style_id',
  'color_id',
  'seller_type_id',
  'vehicle_type_id',
] as const;

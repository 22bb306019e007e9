import { type SQL, sql } from 'drizzle-orm';
import type { ItemEntryInput } from '../../../contract/item-entry.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { translate } from '../../i18n.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import { type ChoiceList, isVehicleCategory, offered } from '../lookups/index.ts';

/**
 * Checks in one query that every chosen lookup exists and is offered (status 1), and that the dependent ones
 * belong to their parent (subcategory to category, township to city, model to manufacturer). Answers whether
 * the category is a vehicle category; refuses (400, naming the field) the first choice that is not available.
 */
export async function checkReferences(db: Db, input: ItemEntryInput, language: LanguageCode): Promise<boolean> {
  const checks: Array<[string, SQL]> = [
    ['cat_id', offered.category(input.cat_id)],
    ['sub_cat_id', offered.subcategory(input.sub_cat_id, input.cat_id)],
    ['item_type_id', offered.choice('itemType', input.item_type_id)],
    ['item_price_type_id', offered.choice('priceType', input.item_price_type_id)],
    ['item_currency_id', offered.choice('currency', input.item_currency_id)],
    ['condition_of_item_id', offered.choice('condition', input.condition_of_item_id)],
    ['deal_option_id', offered.choice('dealOption', input.deal_option_id)],
    ['item_location_id', offered.choice('city', input.item_location_id)],
    ['item_location_township_id', offered.township(input.item_location_township_id, input.item_location_id)],
  ];
  const optional: Array<[keyof ItemEntryInput, ChoiceList]> = [
    ['manufacturer_id', 'manufacturer'],
    ['engine_status_id', 'engineStatus'],
    ['transmission_id', 'transmission'],
    ['fuel_type_id', 'fuelType'],
    ['body_style_id', 'bodyStyle'],
    ['color_id', 'color'],
    ['seller_type_id', 'sellerType'],
    ['vehicle_type_id', 'vehicleType'],
  ];
  for (const [field, list] of optional) {
    const id = input[field];
    if (typeof id === 'number') checks.push([field, offered.choice(list, id)]);
  }
  if (input.model_id !== null) checks.push(['model_id', offered.model(input.model_id, input.manufacturer_id ?? 0)]);
  const columns = checks.map(([field, check], index) => sql`${check} as ${sql.identifier(`c${index}_${field}`)}`);
  const vehicle = sql`${isVehicleCategory(input.cat_id)} as is_vehicle`;
  const result = await db.execute<Record<string, boolean>>(sql`select ${sql.join([...columns, vehicle], sql`, `)}`);
  const row = result.rows[0] ?? {};
  const failed = checks.find(([field], index) => row[`c${index}_${field}`] !== true);
  if (failed) throw choiceUnavailable(failed[0], language);
  return row.is_vehicle === true;
}

/** 400 naming the field (its label in the request language) whose choice is not offered. */
export function choiceUnavailable(field: string, language: LanguageCode) {
  const key = `fields.${field}`;
  const label = translate(language, key);
  return new AppError(400, 'api.itemChoiceUnavailable', { values: { field: label === key ? field : label } });
}

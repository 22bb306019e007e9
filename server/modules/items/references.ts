import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ItemEntryInput } from '../../../contract/item-entry.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Db } from '../../db/database.ts';
import * as schema from '../../db/schema/index.ts';
import { translate } from '../../i18n.ts';
import { AppError } from '../../kernel/errors.ts';

type Offered = PgTable & { id: AnyPgColumn; status: AnyPgColumn };

const active = (table: Offered, id: number) =>
  sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${table.status} = 1)`;

/**
 * Checks in one query that every chosen lookup exists and is offered (status 1), and that the dependent ones
 * belong to their parent (subcategory to category, township to city, model to manufacturer). Answers whether
 * the category is a vehicle category; refuses (400, naming the field) the first choice that is not available.
 */
export async function checkReferences(db: Db, input: ItemEntryInput, language: LanguageCode): Promise<boolean> {
  const checks: Array<[string, SQL]> = [
    [
      'cat_id',
      sql`exists (select 1 from ${schema.categories} where ${schema.categories.id} = ${input.cat_id} and ${schema.categories.status} = 1)`,
    ],
    [
      'sub_cat_id',
      sql`exists (select 1 from ${schema.subcategories} where ${schema.subcategories.id} = ${input.sub_cat_id} and ${schema.subcategories.catId} = ${input.cat_id} and ${schema.subcategories.status} = 1)`,
    ],
    ['item_type_id', active(schema.itemTypes, input.item_type_id)],
    ['item_price_type_id', active(schema.itemPriceTypes, input.item_price_type_id)],
    ['item_currency_id', active(schema.currencies, input.item_currency_id)],
    ['condition_of_item_id', active(schema.itemConditions, input.condition_of_item_id)],
    ['deal_option_id', active(schema.dealOptions, input.deal_option_id)],
    ['item_location_id', active(schema.itemLocations, input.item_location_id)],
    [
      'item_location_township_id',
      sql`exists (select 1 from ${schema.locationTownships} where ${schema.locationTownships.id} = ${input.item_location_township_id} and ${schema.locationTownships.cityId} = ${input.item_location_id} and ${schema.locationTownships.status} = 1)`,
    ],
  ];
  const optional: Array<[keyof ItemEntryInput, Offered]> = [
    ['manufacturer_id', schema.manufacturers],
    ['engine_status_id', schema.engineStatuses],
    ['transmission_id', schema.transmissions],
    ['fuel_type_id', schema.fuelTypes],
    ['body_style_id', schema.bodyStyles],
    ['color_id', schema.colors],
    ['seller_type_id', schema.sellerTypes],
    ['vehicle_type_id', schema.vehicleTypes],
  ];
  for (const [field, table] of optional) {
    const id = input[field];
    if (typeof id === 'number') checks.push([field, active(table, id)]);
  }
  if (input.model_id !== null) {
    const manufacturer = input.manufacturer_id ?? 0;
    checks.push([
      'model_id',
      sql`exists (select 1 from ${schema.models} where ${schema.models.id} = ${input.model_id} and ${schema.models.manufacturerId} = ${manufacturer} and ${schema.models.status} = 1)`,
    ]);
  }
  const columns = checks.map(([field, check], index) => sql`${check} as ${sql.identifier(`c${index}_${field}`)}`);
  const vehicle = sql`coalesce((select ${schema.categories.isVehicle} from ${schema.categories} where ${schema.categories.id} = ${input.cat_id}), false) as is_vehicle`;
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

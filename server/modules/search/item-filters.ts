import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type ItemSearchQuery, MAP_SEARCH_RADIUS_MILES } from '../../../contract/search.ts';
import { items } from '../../db/schema/index.ts';
import { hiddenFromViewer, sellerIsPublic } from '../items/index.ts';
import { geoCellsAround } from './geo-cells.ts';

const METERS_PER_MILE = 1609.344;

/** The point and radius of a map search, or null when the query names no point. */
export function radiusOf(query: Pick<ItemSearchQuery, 'lat' | 'lng' | 'mile'>) {
  if (query.lat === undefined || query.lng === undefined) return null;
  return { lat: query.lat, lng: query.lng, meters: (query.mile ?? MAP_SEARCH_RADIUS_MILES) * METERS_PER_MILE };
}

/** The circle's map cells, which the text index serves with the words (or the box when no grid fits it). */
function cellsOf(radius: { lat: number; lng: number; meters: number }): SQL {
  const cells = geoCellsAround(radius);
  if (!cells) return sql`true`;
  return sql`${items.geoCells} && array[${sql.join(
    cells.map((cell) => sql.raw(String(cell))),
    sql`, `,
  )}]::integer[]`;
}

/** The distance order around a point, served nearest first by the items_earth_idx GiST index. */
export const distanceFrom = (point: { lat: number; lng: number }) =>
  sql`(ll_to_earth(${items.lat}, ${items.lng}) <-> ll_to_earth(${point.lat}::float8, ${point.lng}::float8))`;

/**
 * What any public list may show (SPEC.md 4, DESIGN.md): active, not deleted listings of active, not banned
 * sellers, written with literal values so the partial indexes (status = 1 and deleted_at is null) apply. A
 * signed-in viewer never sees what they reported, nor the items of someone in a block with them.
 */
export function visibleTo(viewerId: string | null): SQL[] {
  const conditions = [sql`${items.status} = 1`, sql`${items.deletedAt} is null`, sellerIsPublic];
  if (viewerId) conditions.push(...hiddenFromViewer(viewerId));
  return conditions;
}

type IdFilter = keyof Pick<
  ItemSearchQuery,
  | 'cat_id'
  | 'sub_cat_id'
  | 'item_type_id'
  | 'item_price_type_id'
  | 'deal_option_id'
  | 'item_currency_id'
  | 'item_location_id'
  | 'item_location_township_id'
  | 'condition_of_item_id'
  | 'engine_status_id'
  | 'manufacturer_id'
  | 'model_id'
  | 'seller_type_id'
>;

/** Each id filter of the list and the column it narrows. */
const ID_FILTERS: Record<IdFilter, AnyPgColumn> = {
  cat_id: items.catId,
  sub_cat_id: items.subCatId,
  item_type_id: items.itemTypeId,
  item_price_type_id: items.itemPriceTypeId,
  deal_option_id: items.dealOptionId,
  item_currency_id: items.itemCurrencyId,
  item_location_id: items.itemLocationId,
  item_location_township_id: items.itemLocationTownshipId,
  condition_of_item_id: items.conditionOfItemId,
  engine_status_id: items.engineStatusId,
  manufacturer_id: items.manufacturerId,
  model_id: items.modelId,
  seller_type_id: items.sellerTypeId,
};

/**
 * How a radius filter is written: with the box the map index serves, with the map cells the text index
 * holds beside the words (geo-cells.ts), or as the exact distance alone.
 */
export type RadiusIndex = 'box' | 'cells' | 'distance';

/** The filters of SPEC.md 2 a query sets (text and paid-first are handled by the search itself). */
export function filtersOf(query: ItemSearchQuery, radiusIndex: RadiusIndex = 'box'): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, column] of Object.entries(ID_FILTERS) as Array<[IdFilter, AnyPgColumn]>) {
    const value = query[name];
    if (value !== undefined) conditions.push(sql`${column} = ${value}`);
  }
  if (query.min_price !== undefined) conditions.push(sql`${items.price} >= ${query.min_price}`);
  if (query.max_price !== undefined) conditions.push(sql`${items.price} <= ${query.max_price}`);
  if (query.brand !== undefined) conditions.push(sql`souk_normalize(${items.brand}) = souk_normalize(${query.brand})`);
  if (query.min_year !== undefined) conditions.push(sql`${items.year} >= ${query.min_year}`);
  if (query.max_year !== undefined) conditions.push(sql`${items.year} <= ${query.max_year}`);
  if (query.max_mileage !== undefined) conditions.push(sql`${items.mileage} <= ${query.max_mileage}`);
  if (query.addedUserId !== undefined) conditions.push(sql`${items.addedUserId} = ${query.addedUserId}`);
  if (query.isPaid === 'only_paid_item') conditions.push(sql`${items.isPaid}`);
  if (query.is_sold_out !== undefined) conditions.push(sql`${items.isSoldOut} = ${query.is_sold_out}`);
  const radius = radiusOf(query);
  if (radius) {
    const center = sql`ll_to_earth(${radius.lat}::float8, ${radius.lng}::float8)`;
    const point = sql`ll_to_earth(${items.lat}, ${items.lng})`;
    conditions.push(
      sql`${items.lat} is not null and ${items.lng} is not null`,
      ...(radiusIndex === 'box' ? [sql`earth_box(${center}, ${radius.meters}::float8) @> ${point}`] : []),
      ...(radiusIndex === 'cells' ? [cellsOf(radius)] : []),
      sql`earth_distance(${center}, ${point}) <= ${radius.meters}::float8`,
    );
  }
  return conditions;
}

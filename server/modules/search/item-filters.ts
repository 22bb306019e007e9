import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type ItemSearchQuery, MAP_SEARCH_RADIUS_MILES } from '../../../contract/search.ts';
import type { Listings } from '../items/index.ts';
import { geoCellsAround } from './geo-cells.ts';
import type { PlaceCondition, TextQuery } from './text-query.ts';

const METERS_PER_MILE = 1609.344;

/** The point and radius of a map search, or null when the query names no point. */
export function radiusOf(query: Pick<ItemSearchQuery, 'lat' | 'lng' | 'mile'>) {
  if (query.lat === undefined || query.lng === undefined) return null;
  return { lat: query.lat, lng: query.lng, meters: (query.mile ?? MAP_SEARCH_RADIUS_MILES) * METERS_PER_MILE };
}

/** The circle's map cells, which the text index serves with the words (or the box when no grid fits it). */
function cellsOf(listings: Listings, radius: { lat: number; lng: number; meters: number }): SQL {
  const cells = geoCellsAround(radius);
  if (!cells) return sql`true`;
  return sql`${listings.geoCells} && array[${sql.join(
    cells.map((cell) => sql.raw(String(cell))),
    sql`, `,
  )}]::integer[]`;
}

/** The distance order around a point, served nearest first by the items_earth_idx GiST index. */
export const distanceFrom = (listings: Listings, point: { lat: number; lng: number }) =>
  sql`(ll_to_earth(${listings.lat}, ${listings.lng}) <-> ll_to_earth(${point.lat}::float8, ${point.lng}::float8))`;

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
  | 'vehicle_type_id'
  | 'body_style_id'
  | 'transmission_id'
  | 'fuel_type_id'
  | 'color_id'
>;

/** Each id filter of the list and the column it narrows. */
const idFilters = (listings: Listings): Record<IdFilter, AnyPgColumn> => ({
  cat_id: listings.catId,
  sub_cat_id: listings.subCatId,
  item_type_id: listings.itemTypeId,
  item_price_type_id: listings.itemPriceTypeId,
  deal_option_id: listings.dealOptionId,
  item_currency_id: listings.itemCurrencyId,
  item_location_id: listings.itemLocationId,
  item_location_township_id: listings.itemLocationTownshipId,
  condition_of_item_id: listings.conditionOfItemId,
  engine_status_id: listings.engineStatusId,
  manufacturer_id: listings.manufacturerId,
  model_id: listings.modelId,
  seller_type_id: listings.sellerTypeId,
  vehicle_type_id: listings.vehicleTypeId,
  body_style_id: listings.bodyStyleId,
  transmission_id: listings.transmissionId,
  fuel_type_id: listings.fuelTypeId,
  color_id: listings.colorId,
});

/**
 * How a radius filter is written: with the box the map index serves, with the map cells the text index
 * holds beside the words (geo-cells.ts), or as the exact distance alone.
 */
export type RadiusIndex = 'box' | 'cells' | 'distance';

/** The filters of SPEC.md 2 a query sets (text and paid-first are handled by the search itself). */
export function filtersOf(listings: Listings, query: ItemSearchQuery, radiusIndex: RadiusIndex = 'box'): SQL[] {
  const radius = radiusOf(query);
  return [
    ...idConditions(listings, query),
    ...valueConditions(listings, query),
    ...(radius ? radiusConditions(listings, radius, radiusIndex) : []),
  ];
}

function idConditions(listings: Listings, query: ItemSearchQuery): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, column] of Object.entries(idFilters(listings)) as Array<[IdFilter, AnyPgColumn]>) {
    const value = query[name];
    if (value !== undefined) conditions.push(sql`${column} = ${value}`);
  }
  return conditions;
}

/** The filters on an item's own values: price, brand, year, mileage, seller, paid and sold out. */
function valueConditions(listings: Listings, query: ItemSearchQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.min_price !== undefined) conditions.push(sql`${listings.price} >= ${query.min_price}`);
  if (query.max_price !== undefined) conditions.push(sql`${listings.price} <= ${query.max_price}`);
  if (query.brand !== undefined)
    conditions.push(sql`souk_normalize(${listings.brand}) = souk_normalize(${query.brand})`);
  if (query.min_year !== undefined) conditions.push(sql`${listings.year} >= ${query.min_year}`);
  if (query.max_year !== undefined) conditions.push(sql`${listings.year} <= ${query.max_year}`);
  if (query.max_mileage !== undefined) conditions.push(sql`${listings.mileage} <= ${query.max_mileage}`);
  if (query.addedUserId !== undefined) conditions.push(sql`${listings.addedUserId} = ${query.addedUserId}`);
  if (query.isPaid === 'only_paid_item') conditions.push(sql`${listings.isPaid}`);
  if (query.is_sold_out !== undefined) conditions.push(sql`${listings.isSoldOut} = ${query.is_sold_out}`);
  return conditions;
}

function radiusConditions(
  listings: Listings,
  radius: { lat: number; lng: number; meters: number },
  radiusIndex: RadiusIndex,
): SQL[] {
  const center = sql`ll_to_earth(${radius.lat}::float8, ${radius.lng}::float8)`;
  const point = sql`ll_to_earth(${listings.lat}, ${listings.lng})`;
  return [
    sql`${listings.lat} is not null and ${listings.lng} is not null`,
    ...(radiusIndex === 'box' ? [sql`earth_box(${center}, ${radius.meters}::float8) @> ${point}`] : []),
    ...(radiusIndex === 'cells' ? [cellsOf(listings, radius)] : []),
    sql`earth_distance(${center}, ${point}) <= ${radius.meters}::float8`,
  ];
}

/** What the words ask of a listing: its text matches them, and each place they name is in its text or its location. */
export function textConditions(listings: Listings, text: TextQuery): SQL[] {
  const words = text.wordsQuery ? [sql`${listings.searchVector} @@ ${text.wordsQuery}`] : [];
  return [...words, ...text.places.map((place) => placeCondition(listings, place))];
}

function placeCondition(listings: Listings, place: PlaceCondition): SQL {
  const idsIn = (column: AnyPgColumn, ids: number[]) =>
    ids.length > 0
      ? [
          sql`${column} in (${sql.join(
            ids.map((id) => sql`${id}::int`),
            sql`, `,
          )})`,
        ]
      : [];
  const either = [
    sql`${listings.searchVector} @@ ${place.tsquery}`,
    ...idsIn(listings.itemLocationId, place.cityIds),
    ...idsIn(listings.itemLocationTownshipId, place.townshipIds),
  ];
  return sql`(${sql.join(either, sql` or `)})`;
}

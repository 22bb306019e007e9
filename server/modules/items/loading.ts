import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Image } from '../../../contract/media.ts';
import type { Db } from '../../db/database.ts';
import * as schema from '../../db/schema/index.ts';
import { localizedText } from '../../kernel/localized-text.ts';
import { toImage } from '../media/index.ts';
import { blockBetween } from './viewer-hiding.ts';

/**
 * Reading items with everything they show, in one query: the row, each lookup in the reader's language
 * (a scalar subquery on its primary key), the seller, whether the viewer keeps it as a favourite and the views not yet
 * folded in. A second query reads the pictures of the items, their categories and subcategories.
 */

type Localized = PgTable & {
  id: AnyPgColumn;
  names: AnyPgColumn;
  status: AnyPgColumn;
  addedDate: AnyPgColumn;
};

/** A lookup as the query answers it (JSON: dates are text). */
export interface LookupJson {
  id: number;
  name: string;
  status: number;
  added_date: string;
}

/**
 * A referenced row as one JSON value, from a scalar subquery on its primary key: each is planned on its own,
 * where twenty left joins in one query would cost far more to plan than to run.
 */
function rowJson<T>(table: PgTable & { id: AnyPgColumn }, key: AnyPgColumn, fields: Record<string, SQL | AnyPgColumn>) {
  const pairs = Object.entries(fields).flatMap(([name, value]) => [sql.raw(`'${name}'`), sql`${value}`]);
  return sql<T | null>`(select json_build_object(${sql.join(pairs, sql`, `)}) from ${table} where ${table.id} = ${key})`;
}

const lookupFields = (table: Localized & { name: AnyPgColumn }, language: LanguageCode) => ({
  id: table.id,
  name: localizedText(table.names, language, table.name),
  status: table.status,
  added_date: table.addedDate,
});

const lookupJson = (table: Localized & { name: AnyPgColumn }, key: AnyPgColumn, language: LanguageCode) =>
  rowJson<LookupJson>(table, key, lookupFields(table, language));

export interface CategoryJson extends LookupJson {
  name_ar: string;
  ordering: number;
  slug: string;
  icon: string;
  is_vehicle: boolean;
}

export interface SubcategoryJson extends LookupJson {
  cat_id: number;
  added_user_id: string | null;
  updated_date: string | null;
  updated_user_id: string | null;
  updated_flag: number;
}

export interface CurrencyJson extends LookupJson {
  short_form: string;
  symbol: string;
  is_default: boolean;
}

function selection(language: LanguageCode, viewerId: string | Placeholder | null) {
  const { items, categories, subcategories, currencies, itemLocations, locationTownships } = schema;
  return {
    item: items,
    category: rowJson<CategoryJson>(categories, items.catId, {
      id: categories.id,
      name: localizedText(categories.names, language, categories.catName),
      name_ar: categories.catNameAr,
      ordering: categories.catOrdering,
      slug: categories.slug,
      icon: categories.icon,
      is_vehicle: categories.isVehicle,
      status: categories.status,
      added_date: categories.addedDate,
    }),
    subcategory: rowJson<SubcategoryJson>(subcategories, items.subCatId, {
      id: subcategories.id,
      cat_id: subcategories.catId,
      name: localizedText(subcategories.names, language, subcategories.name),
      status: subcategories.status,
      added_date: subcategories.addedDate,
      added_user_id: subcategories.addedUserId,
      updated_date: subcategories.updatedDate,
      updated_user_id: subcategories.updatedUserId,
      updated_flag: subcategories.updatedFlag,
    }),
    itemType: lookupJson(schema.itemTypes, items.itemTypeId, language),
    priceType: rowJson<LookupJson & { is_empty_object: boolean }>(schema.itemPriceTypes, items.itemPriceTypeId, {
      ...lookupFields(schema.itemPriceTypes, language),
      is_empty_object: schema.itemPriceTypes.isEmptyObject,
    }),
    currency: rowJson<CurrencyJson>(currencies, items.itemCurrencyId, {
      id: currencies.id,
      name: localizedText(currencies.names, language, currencies.currencyShortForm),
      short_form: currencies.currencyShortForm,
      symbol: currencies.currencySymbol,
      is_default: currencies.isDefault,
      status: currencies.status,
      added_date: currencies.addedDate,
    }),
    location: rowJson<LookupJson & { lat: number; lng: number }>(itemLocations, items.itemLocationId, {
      ...lookupFields(itemLocations, language),
      lat: itemLocations.lat,
      lng: itemLocations.lng,
    }),
    township: rowJson<{ id: number; name: string }>(locationTownships, items.itemLocationTownshipId, {
      id: locationTownships.id,
      name: localizedText(locationTownships.names, language, locationTownships.townshipName),
    }),
    condition: lookupJson(schema.itemConditions, items.conditionOfItemId, language),
    dealOption: lookupJson(schema.dealOptions, items.dealOptionId, language),
    manufacturer: lookupJson(schema.manufacturers, items.manufacturerId, language),
    model: lookupJson(schema.models, items.modelId, language),
    engineStatus: lookupJson(schema.engineStatuses, items.engineStatusId, language),
    transmission: lookupJson(schema.transmissions, items.transmissionId, language),
    fuelType: lookupJson(schema.fuelTypes, items.fuelTypeId, language),
    bodyStyle: lookupJson(schema.bodyStyles, items.bodyStyleId, language),
    color: lookupJson(schema.colors, items.colorId, language),
    sellerType: lookupJson(schema.sellerTypes, items.sellerTypeId, language),
    vehicleType: lookupJson(schema.vehicleTypes, items.vehicleTypeId, language),
    seller: schema.users,
    isFavourited: viewerId
      ? sql<boolean>`exists (select 1 from ${schema.favourites} where ${schema.favourites.userId} = ${viewerId} and ${schema.favourites.itemId} = ${items.id})`
      : sql<boolean>`false`,
    isReported: viewerId
      ? sql<boolean>`exists (select 1 from ${schema.itemReports} where ${schema.itemReports.reporterId} = ${viewerId} and ${schema.itemReports.itemId} = ${items.id})`
      : sql<boolean>`false`,
    inBlockWithViewer: viewerId ? blockBetween(sql`${viewerId}`, sql`${items.addedUserId}`) : sql<boolean>`false`,
    pendingViews: sql<number>`coalesce((select ${schema.itemViewCounts.pending} from ${schema.itemViewCounts} where ${schema.itemViewCounts.itemId} = ${items.id}), 0)::int`,
  };
}

type RowsStatement = ReturnType<ReturnType<typeof rowsQuery>['prepare']>;

function rowsQuery(db: Db, language: LanguageCode, withViewer: boolean, oneItem: boolean) {
  const { items } = schema;
  return db
    .select(selection(language, withViewer ? sql.placeholder('viewerId') : null))
    .from(items)
    .innerJoin(schema.users, eq(schema.users.id, items.addedUserId))
    .where(
      oneItem ? eq(items.id, sql.placeholder('itemId')) : sql`${items.id} = any(${sql.placeholder('itemIds')}::uuid[])`,
    );
}

/**
 * Prepared once per database, language, kind of viewer and of query (one item, or a list of ids): the
 * selection is large, so building its SQL and planning it again on every request would cost more than running it.
 */
const statements = new WeakMap<Db, Map<string, RowsStatement>>();

function statementFor(db: Db, language: LanguageCode, withViewer: boolean, oneItem: boolean) {
  let known = statements.get(db);
  if (!known) {
    known = new Map();
    statements.set(db, known);
  }
  const name = `item_rows_${oneItem ? 'one' : 'many'}_${language}_${withViewer ? 'viewer' : 'visitor'}`;
  let statement = known.get(name);
  if (!statement) {
    statement = rowsQuery(db, language, withViewer, oneItem).prepare(name);
    known.set(name, statement);
  }
  return statement;
}

export type ItemRow = Awaited<ReturnType<RowsStatement['execute']>>[number];

export interface LoadQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset?: number;
}

/** One item with everything its page shows, or undefined. */
export async function loadItemRow(
  db: Db,
  itemId: string,
  language: LanguageCode,
  viewerId: string | null,
): Promise<ItemRow | undefined> {
  const [row] = await statementFor(db, language, viewerId !== null, true).execute({ itemId, viewerId });
  return row;
}

/**
 * The items a query finds, in its order, with everything their cards show: the ids first (a small query
 * built per request), then their rows through the prepared statement.
 */
export async function loadItemRows(
  db: Db,
  query: LoadQuery,
  language: LanguageCode,
  viewerId: string | null,
): Promise<ItemRow[]> {
  const { items } = schema;
  const found = await db
    .select({ id: items.id })
    .from(items)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset ?? 0);
  return loadItemRowsByIds(
    db,
    found.map((row) => row.id),
    language,
    viewerId,
  );
}

/** The rows of these items, in the order of the ids given, with everything their cards show. */
export async function loadItemRowsByIds(
  db: Db,
  itemIds: string[],
  language: LanguageCode,
  viewerId: string | null,
): Promise<ItemRow[]> {
  if (itemIds.length === 0) return [];
  const rows = await statementFor(db, language, viewerId !== null, false).execute({ itemIds, viewerId });
  const position = new Map(itemIds.map((id, index) => [id, index]));
  return rows.sort((a, b) => (position.get(a.item.id) ?? 0) - (position.get(b.item.id) ?? 0));
}

/** The pictures of some items (photos in order, video, thumbnail) and of their categories and subcategories. */
export interface Pictures {
  /** Every picture of a parent and type, in order; keyed "parentId:type". */
  byParent: Map<string, Image[]>;
}

export const ITEM_PICTURE_TYPES = ['item', 'video', 'video-icon'] as const;
const CATALOG_PICTURE_TYPES = ['category', 'category-icon', 'subcategory'] as const;

const PICTURE_TYPES = [...ITEM_PICTURE_TYPES, ...CATALOG_PICTURE_TYPES];

const picturesQuery = (db: Db) =>
  db
    .select()
    .from(schema.images)
    .where(
      and(
        sql`${schema.images.imgParentId} = any(${sql.placeholder('parents')}::text[])`,
        inArray(schema.images.imgType, PICTURE_TYPES),
      ),
    )
    .orderBy(schema.images.ordering, schema.images.addedDate)
    .prepare('item_pictures');
const pictureStatements = new WeakMap<Db, ReturnType<typeof picturesQuery>>();

/** One (prepared) query for every picture the rows show. */
export async function loadPictures(db: Db, rows: ItemRow[]): Promise<Pictures> {
  const byParent = new Map<string, Image[]>();
  if (rows.length === 0) return { byParent };
  const parents = new Set<string>();
  for (const row of rows) {
    parents.add(row.item.id);
    parents.add(String(row.item.catId));
    if (row.item.subCatId) parents.add(String(row.item.subCatId));
  }
  let statement = pictureStatements.get(db);
  if (!statement) {
    statement = picturesQuery(db);
    pictureStatements.set(db, statement);
  }
  const found = await statement.execute({ parents: [...parents] });
  for (const image of found) {
    const key = `${image.imgParentId}:${image.imgType}`;
    const list = byParent.get(key) ?? [];
    list.push(toImage(image));
    byParent.set(key, list);
  }
  return { byParent };
}

import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Image } from '../../../contract/media.ts';
import { type Db, qualified } from '../../kernel/database.ts';
import {
  type CategoryJson,
  type CurrencyJson,
  categoryJson,
  cityJson,
  currencyJson,
  type LookupJson,
  lookupJson,
  priceTypeJson,
  type SubcategoryJson,
  subcategoryJson,
  townshipJson,
} from '../lookups/index.ts';
import { imagesOf } from '../media/index.ts';
import type { AccountRow } from '../users/index.ts';
import { items, itemViewCounts } from './schema.ts';
import type { ListingTies, ViewerParam } from './visibility.ts';

export type { CategoryJson, CurrencyJson, LookupJson, SubcategoryJson };

/**
 * Reading items with everything they show, in one query: the row, each lookup in the reader's language (lookups'
 * fragments), whether the viewer keeps it as a favourite, reported it or is in a block with its seller (social's
 * fragments, as ListingTies) and the views not yet folded in. Then their pictures and sellers, one query each.
 */

function selection(language: LanguageCode, viewerId: string | Placeholder | null, ties: ListingTies) {
  const asViewer = (fragment: (viewer: ViewerParam) => SQL<boolean>) =>
    viewerId ? fragment(viewerId) : sql<boolean>`false`;
  return {
    item: items,
    category: categoryJson(items.catId, language),
    subcategory: subcategoryJson(items.subCatId, language),
    itemType: lookupJson('itemType', items.itemTypeId, language),
    priceType: priceTypeJson(items.itemPriceTypeId, language),
    currency: currencyJson(items.itemCurrencyId, language),
    location: cityJson(items.itemLocationId, language),
    township: townshipJson(items.itemLocationTownshipId, language),
    condition: lookupJson('condition', items.conditionOfItemId, language),
    dealOption: lookupJson('dealOption', items.dealOptionId, language),
    manufacturer: lookupJson('manufacturer', items.manufacturerId, language),
    model: lookupJson('model', items.modelId, language),
    engineStatus: lookupJson('engineStatus', items.engineStatusId, language),
    transmission: lookupJson('transmission', items.transmissionId, language),
    fuelType: lookupJson('fuelType', items.fuelTypeId, language),
    bodyStyle: lookupJson('bodyStyle', items.bodyStyleId, language),
    color: lookupJson('color', items.colorId, language),
    sellerType: lookupJson('sellerType', items.sellerTypeId, language),
    vehicleType: lookupJson('vehicleType', items.vehicleTypeId, language),
    isFavourited: asViewer((viewer) => ties.favouriteOf(viewer, items.id)),
    isReported: asViewer((viewer) => ties.reportedBy(viewer, items.id)),
    inBlockWithViewer: asViewer((viewer) => ties.inBlock(viewer, items.addedUserId)),
    pendingViews: sql<number>`coalesce((select ${itemViewCounts.pending} from ${itemViewCounts} where ${itemViewCounts.itemId} = ${qualified(items.id)}), 0)::int`,
  };
}

type RowsStatement = ReturnType<ReturnType<typeof rowsQuery>['prepare']>;

function rowsQuery(db: Db, ties: ListingTies, language: LanguageCode, withViewer: boolean, oneItem: boolean) {
  return db
    .select(selection(language, withViewer ? sql.placeholder('viewerId') : null, ties))
    .from(items)
    .where(
      oneItem ? eq(items.id, sql.placeholder('itemId')) : sql`${items.id} = any(${sql.placeholder('itemIds')}::uuid[])`,
    );
}

export type ItemRow = Awaited<ReturnType<RowsStatement['execute']>>[number];

export interface LoadQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset?: number;
}

/** What cards show beside their rows: pictures (photos in order, video, thumbnail, the catalog's) and sellers. */
export interface CardExtras {
  /** Every picture of a parent and type, in order; keyed "parentId:type". */
  byParent: Map<string, Image[]>;
  /** The sellers' account rows, by id (the users module presents them). */
  sellers: Map<string, AccountRow>;
}

export const ITEM_PICTURE_TYPES = ['item', 'video', 'video-icon'] as const;
const CATALOG_PICTURE_TYPES = ['category', 'category-icon', 'subcategory'] as const;
const PICTURE_TYPES = [...ITEM_PICTURE_TYPES, ...CATALOG_PICTURE_TYPES];

export interface LoaderDependencies {
  ties: ListingTies;
  /** The account rows of these sellers (the users module owns them). */
  sellerRows(sellerIds: string[]): Promise<Map<string, AccountRow>>;
}

export class ItemLoader {
  private readonly db: Db;
  private readonly dependencies: LoaderDependencies;
  /**
   * Prepared once per language, kind of viewer and of query (one item, or a list of ids): the selection is
   * large, so building its SQL and planning it again on every request would cost more than running it.
   */
  private readonly statements = new Map<string, RowsStatement>();

  constructor(db: Db, dependencies: LoaderDependencies) {
    this.db = db;
    this.dependencies = dependencies;
  }

  /** One item with everything its page shows, or undefined. */
  async one(itemId: string, language: LanguageCode, viewerId: string | null): Promise<ItemRow | undefined> {
    const [row] = await this.statementFor(language, viewerId !== null, true).execute({ itemId, viewerId });
    return row;
  }

  /** The items a query finds, in its order, with everything they show: the ids first, then their rows. */
  async rows(query: LoadQuery, language: LanguageCode, viewerId: string | null): Promise<ItemRow[]> {
    return this.rowsByIds(await this.idsOf(query), language, viewerId);
  }

  /** The ids a query finds, in its order (a small query built per request). */
  async idsOf(query: LoadQuery): Promise<string[]> {
    const found = await this.db
      .select({ id: items.id })
      .from(items)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset ?? 0);
    return found.map((row) => row.id);
  }

  /** The rows of these items, in the order of the ids given, with everything their cards show. */
  async rowsByIds(itemIds: string[], language: LanguageCode, viewerId: string | null): Promise<ItemRow[]> {
    if (itemIds.length === 0) return [];
    const rows = await this.statementFor(language, viewerId !== null, false).execute({ itemIds, viewerId });
    const position = new Map(itemIds.map((id, index) => [id, index]));
    return rows.sort((a, b) => (position.get(a.item.id) ?? 0) - (position.get(b.item.id) ?? 0));
  }

  /** The pictures and sellers of these rows: one query each. */
  async extras(rows: ItemRow[]): Promise<CardExtras> {
    if (rows.length === 0) return { byParent: new Map(), sellers: new Map() };
    const parents = new Set<string>();
    for (const row of rows) {
      parents.add(row.item.id);
      parents.add(String(row.item.catId));
      if (row.item.subCatId) parents.add(String(row.item.subCatId));
    }
    const [byParent, sellers] = await Promise.all([
      imagesOf(this.db, [...parents], PICTURE_TYPES),
      this.dependencies.sellerRows([...new Set(rows.map((row) => row.item.addedUserId))]),
    ]);
    return { byParent, sellers };
  }

  private statementFor(language: LanguageCode, withViewer: boolean, oneItem: boolean) {
    const name = `item_rows_${oneItem ? 'one' : 'many'}_${language}_${withViewer ? 'viewer' : 'visitor'}`;
    let statement = this.statements.get(name);
    if (!statement) {
      statement = rowsQuery(this.db, this.dependencies.ties, language, withViewer, oneItem).prepare(name);
      this.statements.set(name, statement);
    }
    return statement;
  }
}

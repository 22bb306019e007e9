import { and, eq, getTableName, Param, SQL, Subquery, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { SelectionProxyHandler } from 'drizzle-orm/selection-proxy';
import { LRUCache } from 'lru-cache';
import { items } from './schema.ts';
import { type ListingTies, listedConditions } from './visibility.ts';

/** What other modules may read of a listing: its public fields, the columns the search indexes and its state. */
const LISTING_COLUMNS = {
  id: items.id,
  slug: items.slug,
  title: items.title,
  brand: items.brand,
  keyword: items.keyword,
  catId: items.catId,
  subCatId: items.subCatId,
  itemTypeId: items.itemTypeId,
  itemPriceTypeId: items.itemPriceTypeId,
  itemCurrencyId: items.itemCurrencyId,
  itemLocationId: items.itemLocationId,
  itemLocationTownshipId: items.itemLocationTownshipId,
  conditionOfItemId: items.conditionOfItemId,
  dealOptionId: items.dealOptionId,
  manufacturerId: items.manufacturerId,
  modelId: items.modelId,
  engineStatusId: items.engineStatusId,
  sellerTypeId: items.sellerTypeId,
  vehicleTypeId: items.vehicleTypeId,
  bodyStyleId: items.bodyStyleId,
  transmissionId: items.transmissionId,
  fuelTypeId: items.fuelTypeId,
  colorId: items.colorId,
  price: items.price,
  year: items.year,
  mileage: items.mileage,
  isSoldOut: items.isSoldOut,
  isPaid: items.isPaid,
  lat: items.lat,
  lng: items.lng,
  touchCount: items.touchCount,
  favouriteCount: items.favouriteCount,
  searchVector: items.searchVector,
  geoCells: items.geoCells,
  addedDate: items.addedDate,
  updatedDate: items.updatedDate,
  addedUserId: items.addedUserId,
  status: items.status,
  deletedAt: items.deletedAt,
  sellerPublic: items.sellerPublic,
};

const builder = new QueryBuilder();
const dialect = new PgDialect();
const ALIAS = 'listings';
/** Viewers whose listings are kept built; a page asks for them several times (its rails, a list and its count). */
const VIEWERS_KEPT = 2_000;

/**
 * The listings `conditions` let through, as a subquery named `listings`, its SQL rendered once. Drizzle builds a
 * subquery of 38 columns and renders it again in every query that names it: 0.2-0.3 ms a query, more than the
 * rest of a list query's own work (bench/README.md, issue 21). Rendered once, it is text and parameters.
 */
function renderedOnce(conditions: SQL[]) {
  const select = builder
    .select(LISTING_COLUMNS)
    .from(items)
    .where(and(...conditions));
  const subquery = new Subquery(prerendered(select.getSQL()), LISTING_COLUMNS, ALIAS, false, [getTableName(items)]);
  return new Proxy(
    subquery,
    new SelectionProxyHandler({ alias: ALIAS, sqlAliasedBehavior: 'alias', sqlBehavior: 'error' }),
  ) as unknown as ReturnType<typeof select.as<typeof ALIAS>>;
}

/** The same SQL as fixed text around its parameters, which render as they are (no column to encode them). */
function prerendered(query: SQL): SQL {
  const rendered = dialect.sqlToQuery(query);
  const parts = rendered.sql.split(/\$(\d+)/);
  const chunks = parts.map((part, index) =>
    index % 2 === 0 ? sql.raw(part) : new Param(rendered.params[Number(part) - 1]),
  );
  return new SQL(chunks);
}

const PUBLIC_LISTINGS = renderedOnce(listedConditions(null));
const EXISTING_LISTINGS = renderedOnce([sql`${items.deletedAt} is null`]);

/** The listings any visitor may see in a list (visibility.ts mayList), as a subquery named `listings`. */
export function publicListings() {
  return PUBLIC_LISTINGS;
}

/**
 * Listings as query fragments other modules select from (DESIGN.md "Data ownership"): a subquery named
 * `listings` with LISTING_COLUMNS. PostgreSQL pulls a plain subquery up into the query around it, so the
 * plans are those of the table itself (the partial indexes of public listings apply).
 */
export class ListingQueries {
  private readonly ties: ListingTies;
  private readonly ofViewers = new LRUCache<string, Listings>({ max: VIEWERS_KEPT });

  constructor(ties: ListingTies) {
    this.ties = ties;
  }

  /** The listings any list may show `viewerId` (visibility.ts mayList); a visitor when null. */
  listedFor(viewerId: string | null): Listings {
    if (viewerId === null) return PUBLIC_LISTINGS;
    let listings = this.ofViewers.get(viewerId);
    if (!listings) {
      listings = renderedOnce(listedConditions(viewerId, this.ties));
      this.ofViewers.set(viewerId, listings);
    }
    return listings;
  }

  /** Every listing not deleted, whatever its state (a reporter's list of what they reported). */
  existing(): Listings {
    return EXISTING_LISTINGS;
  }

  /** The ids of a seller's listings, in any state, as a subquery (`item_id in (...)`). */
  idsOfSeller(sellerId: string): SQL {
    return sql`(select ${items.id} from ${items} where ${eq(items.addedUserId, sellerId)})`;
  }
}

export type Listings = typeof PUBLIC_LISTINGS;

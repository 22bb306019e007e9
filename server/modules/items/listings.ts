import { and, eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
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

/** The listings any visitor may see in a list (visibility.ts mayList), as a subquery named `listings`. */
export function publicListings() {
  return builder
    .select(LISTING_COLUMNS)
    .from(items)
    .where(and(...listedConditions(null)))
    .as('listings');
}

/**
 * Listings as query fragments other modules select from (DESIGN.md "Data ownership"): a subquery named
 * `listings` with LISTING_COLUMNS. PostgreSQL pulls a plain subquery up into the query around it, so the
 * plans are those of the table itself (the partial indexes of public listings apply).
 */
export class ListingQueries {
  private readonly ties: ListingTies;

  constructor(ties: ListingTies) {
    this.ties = ties;
  }

  /** The listings any list may show `viewerId` (visibility.ts mayList); a visitor when null. */
  listedFor(viewerId: string | null) {
    if (viewerId === null) return publicListings();
    return builder
      .select(LISTING_COLUMNS)
      .from(items)
      .where(and(...listedConditions(viewerId, this.ties)))
      .as('listings');
  }

  /** Every listing not deleted, whatever its state (a reporter's list of what they reported). */
  existing() {
    return builder.select(LISTING_COLUMNS).from(items).where(sql`${items.deletedAt} is null`).as('listings');
  }

  /** The ids of a seller's listings, in any state, as a subquery (`item_id in (...)`). */
  idsOfSeller(sellerId: string): SQL {
    return sql`(select ${items.id} from ${items} where ${eq(items.addedUserId, sellerId)})`;
  }
}

export type Listings = ReturnType<ListingQueries['listedFor']>;

import { type SQL, sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import { publicListings } from '../items/index.ts';
import { blockBetween } from '../social/index.ts';
import type { SavedSearchMatch } from './events.ts';
import { WORD_KEY_LENGTH } from './saved-search-filters.ts';
import { categoryCube, placeCube, priceCube, savedSearches as saved, savedSearchMatches } from './schema.ts';

/** The follow-up's name: one job queue per event (kernel/events.ts followUpJob). */
export const MATCH_SAVED_SEARCHES = 'search.saved-search-matches';

/** The items module's events after which a listing may be public for the first time. */
export const LISTING_PUBLISHED = ['item.created', 'item.approved', 'item.enabled'] as const;

/**
 * Where each anchor's searches come from (schema.ts): the words anchor by prefixes of the listing's lexemes
 * (its words as written and stemmed), one for each of the search's two rarest words; the map circles that hold
 * its point and allow its category and price; the searches of its category whose subcategory, city and price
 * bounds allow it (schema.ts placeCube, categoryCube); those of its city; and the few that filter on none of
 * these whose price bounds allow it. The listing's values come as scalar
 * subqueries, so each is an index condition on one partial index, never a join the planner could answer by
 * reading a whole index.
 */
/** The columns of `s` as the index expressions name them. */
const ALIASED = {
  lat: sql.raw('s.lat'),
  lng: sql.raw('s.lng'),
  radiusMeters: sql.raw('s.radius_meters'),
  catId: sql.raw('s.cat_id'),
  subCatId: sql.raw('s.sub_cat_id'),
  itemLocationId: sql.raw('s.item_location_id'),
  minPrice: sql.raw('s.min_price'),
  maxPrice: sql.raw('s.max_price'),
};

const ANCHOR_SOURCES: SQL[] = [
  sql`from ${saved} s where s.anchor = 'words' and s.words && (select words from prefixes)
      and s.second_words && (select words from prefixes)`,
  sql`from ${saved} s where s.anchor = 'place' and (${placeCube(ALIASED)})
      @> (select cube(cube(ll_to_earth(lat, lng), cat_id::float8, cat_id::float8), price::float8, price::float8) from listing)`,
  sql`from ${saved} s where s.anchor = 'category' and (${categoryCube(ALIASED)})
      @> (select cube(array[cat_id, coalesce(sub_cat_id, 0), coalesce(item_location_id, 0), price]::float8[]) from listing)`,
  sql`from ${saved} s where s.anchor = 'location' and s.item_location_id = (select item_location_id from listing)`,
  sql`from ${saved} s where s.anchor = 'any' and (${priceCube(ALIASED)})
      @> (select cube(array[price]::float8[]) from listing)`,
];

/**
 * The candidates of every anchor (one branch each: they never overlap), then every filter checked once on
 * them: one set of conditions to plan, whatever the number of anchors.
 */
function candidates(): SQL {
  const branches = sql.join(
    ANCHOR_SOURCES.map((source) => sql`select s.* ${source}`),
    sql` union all `,
  );
  return sql`select s.id, s.user_id, s.name from (${branches}) s, listing l where ${exactConditions()}`;
}

const ID_PAIRS = [
  ['cat_id', 'cat_id'],
  ['sub_cat_id', 'sub_cat_id'],
  ['item_type_id', 'item_type_id'],
  ['item_price_type_id', 'item_price_type_id'],
  ['deal_option_id', 'deal_option_id'],
  ['item_currency_id', 'item_currency_id'],
  ['item_location_id', 'item_location_id'],
  ['item_location_township_id', 'item_location_township_id'],
  ['condition_of_item_id', 'condition_of_item_id'],
  ['engine_status_id', 'engine_status_id'],
  ['manufacturer_id', 'manufacturer_id'],
  ['model_id', 'model_id'],
  ['seller_type_id', 'seller_type_id'],
  ['vehicle_type_id', 'vehicle_type_id'],
  ['body_style_id', 'body_style_id'],
  ['transmission_id', 'transmission_id'],
  ['fuel_type_id', 'fuel_type_id'],
  ['color_id', 'color_id'],
] as const;

/**
 * Every filter of the saved search against the listing, as the item list checks it (item-filters.ts), the
 * text with the tsquery the list ran; and the saver's own listings and those of a seller in a block with the
 * saver never match.
 */
function exactConditions(): SQL {
  const ids = ID_PAIRS.map(([search, listing]) => sql.raw(`(s.${search} is null or s.${search} = l.${listing})`));
  return sql.join(
    [
      sql`s.user_id <> l.added_user_id`,
      sql`not ${blockBetween(sql`s.user_id`, sql`l.added_user_id`)}`,
      ...ids,
      sql`(s.min_price is null or l.price >= s.min_price)`,
      sql`(s.max_price is null or l.price <= s.max_price)`,
      sql`(s.brand is null or souk_normalize(l.brand) = s.brand)`,
      sql`(s.min_year is null or l.year >= s.min_year)`,
      sql`(s.max_year is null or l.year <= s.max_year)`,
      sql`(s.max_mileage is null or l.mileage <= s.max_mileage)`,
      sql`(s.seller_id is null or l.added_user_id = s.seller_id)`,
      sql`(not s.only_paid or l.is_paid)`,
      sql`(s.is_sold_out is null or l.is_sold_out = s.is_sold_out)`,
      sql`(s.text_query is null or l.search_vector @@ s.text_query)`,
      sql`(s.lat is null or (l.lat is not null and l.lng is not null
        and earth_distance(ll_to_earth(s.lat, s.lng), ll_to_earth(l.lat, l.lng)) <= s.radius_meters))`,
    ],
    sql` and `,
  );
}

/** The listing (when public, by the items module's rule) and the prefixes of its lexemes. */
function listingAndPrefixes(itemId: string): SQL {
  const listings = publicListings();
  return sql`
    listing as materialized (
      select ${listings.id} as id, ${listings.addedUserId} as added_user_id, ${listings.catId} as cat_id,
        ${listings.subCatId} as sub_cat_id, ${listings.itemTypeId} as item_type_id,
        ${listings.itemPriceTypeId} as item_price_type_id, ${listings.dealOptionId} as deal_option_id,
        ${listings.itemCurrencyId} as item_currency_id, ${listings.itemLocationId} as item_location_id,
        ${listings.itemLocationTownshipId} as item_location_township_id,
        ${listings.conditionOfItemId} as condition_of_item_id, ${listings.engineStatusId} as engine_status_id,
        ${listings.manufacturerId} as manufacturer_id, ${listings.modelId} as model_id,
        ${listings.sellerTypeId} as seller_type_id, ${listings.vehicleTypeId} as vehicle_type_id,
        ${listings.bodyStyleId} as body_style_id, ${listings.transmissionId} as transmission_id,
        ${listings.fuelTypeId} as fuel_type_id, ${listings.colorId} as color_id, ${listings.price} as price, ${listings.brand} as brand,
        ${listings.year} as year, ${listings.mileage} as mileage, ${listings.isPaid} as is_paid,
        ${listings.isSoldOut} as is_sold_out, ${listings.searchVector} as search_vector,
        ${listings.lat} as lat, ${listings.lng} as lng
      from ${listings} where ${listings.id} = ${itemId}::uuid
    ),
    prefixes as materialized (
      select array(
        select distinct left(lexeme, n)
        from listing, unnest(tsvector_to_array(listing.search_vector)) as lexeme,
          generate_series(1, least(char_length(lexeme), ${WORD_KEY_LENGTH})) as n
      ) as words
    )`;
}

/** The candidate saved searches of a listing that match it exactly (what the matching stores). */
export function matchingSearchesQuery(itemId: string): SQL {
  return sql`
    with ${listingAndPrefixes(itemId)}
    ${candidates()}`;
}

/**
 * Stores the listing's matches once per saved search (the primary key; a repeated run adds none) and, in the
 * same transaction, publishes 'search.savedSearchesMatched' with the new ones: what the notifications module
 * turns into the in-app notices, the pushes and the daily digest.
 */
export async function matchSavedSearches(db: Db, events: EventBus, itemId: string): Promise<SavedSearchMatch[]> {
  return events.transaction(db, async (tx, publish) => {
    const result = await executePrepared<{ saved_search_id: string; user_id: string; name: string }>(
      tx,
      'saved-search-matches',
      sql`
      with matched as (${matchingSearchesQuery(itemId)}),
      -- No wait for the disk at commit (set here, not by a statement of its own: one round trip less). The
      -- follow-up that runs this is marked done in a later commit that waits, and writes this one to disk
      -- first; lost in a crash, it was never marked done, so it runs again and stores the same matches and
      -- their event (nothing twice: the primary key).
      durability as materialized (select set_config('synchronous_commit', 'off', true)),
      inserted as (
        insert into ${savedSearchMatches} (saved_search_id, item_id)
        select id, ${itemId}::uuid from matched, durability
        on conflict do nothing
        returning saved_search_id
      )
      select i.saved_search_id, m.user_id, m.name from inserted i join matched m on m.id = i.saved_search_id`,
    );
    const matches = result.rows.map((row) => ({
      savedSearchId: row.saved_search_id,
      userId: row.user_id,
      searchName: row.name,
    }));
    if (matches.length > 0) publish('search.savedSearchesMatched', { itemId, matches });
    return matches;
  });
}

/** The follow-up: a listing that may have become public is matched against the saved searches, durably. */
export function registerSavedSearchMatching(db: Db, events: EventBus) {
  for (const name of LISTING_PUBLISHED) {
    events.onCommitted(name, MATCH_SAVED_SEARCHES, async ({ itemId }) => {
      await matchSavedSearches(db, events, itemId);
    });
  }
}

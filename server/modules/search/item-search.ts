import { and, type SQL, sql } from 'drizzle-orm';
import { type ItemOrder, type ItemSearchQuery, itemOrderOf, RESULT_COUNT_CAP } from '../../../contract/search.ts';
import type { Db } from '../../kernel/database.ts';
import { badRequest } from '../../kernel/errors.ts';
import type { Listings } from '../items/index.ts';
import { BestMatch, type BestMatchOptions } from './best-match.ts';
import { decodeCursor, encodeCursor, type SearchCursor } from './cursor.ts';
import { geoCellsAround } from './geo-cells.ts';
import { distanceFrom, filtersOf, type RadiusIndex, radiusOf, textConditions } from './item-filters.ts';
import type { PlaceWords } from './place-words.ts';
import { type TextQuery, textQueryOf } from './text-query.ts';

/**
 * Beyond this many matches (as the planner estimates them) a text search around a point too wide for the map
 * grids walks the map index; up to it, it reads every match from the text index (bench/README.md).
 */
const SPARSE_MATCHES = 100_000;
/**
 * Beyond this many matches best match reads the newest a window of weeks at a time (best-match.ts); up to it, all
 * of them at once: about what one window holds. A prefix's estimate is loose (the planner's default share of
 * 0.005 for a rare one), and a window of it reads all its matches in the index: read at once further.
 */
const DENSE_BEST_MATCHES = 4_000;
const DENSE_PREFIX_MATCHES = 20_000;

export interface FoundPage {
  itemIds: string[];
  nextCursor: string | null;
  total: { count: number; capped: boolean };
  text: TextQuery | null;
}

interface Plan {
  /** The listings this viewer may see (the items module's subquery); every column below is one of its. */
  listings: Listings;
  where: SQL[];
  order: ItemOrder;
  descending: boolean;
  query: ItemSearchQuery;
  text: TextQuery | null;
}

type Row = { id: string; sort: string | number | null };
type Phase = NonNullable<SearchCursor['phase']>;

/**
 * One page of a public item list: every filter, the text, the radius, the order and the paging of
 * contract/search.ts, over the partial indexes of the items table. Only ids come back; the items module
 * turns them into cards.
 */
export class ItemSearch {
  private readonly db: Db;
  private readonly listingsFor: (viewerId: string | null) => Listings;
  private readonly sparseMatches: number;
  private readonly placeWords: PlaceWords | undefined;
  private readonly bestMatch: BestMatch;

  /**
   * sparseMatches and bestMatch: SPARSE_MATCHES and DENSE_BEST_MATCHES unless a test makes every search take one
   * way. placeWords: the places whose names in the words also match listings located there.
   */
  constructor(
    db: Db,
    listingsFor: (viewerId: string | null) => Listings,
    options: { sparseMatches?: number; placeWords?: PlaceWords; bestMatch?: Partial<BestMatchOptions> } = {},
  ) {
    this.db = db;
    this.listingsFor = listingsFor;
    this.sparseMatches = options.sparseMatches ?? SPARSE_MATCHES;
    this.placeWords = options.placeWords;
    this.bestMatch = new BestMatch(db, {
      denseMatches: DENSE_BEST_MATCHES,
      densePrefixMatches: DENSE_PREFIX_MATCHES,
      ...options.bestMatch,
    });
  }

  /**
   * `extra`: conditions of the caller's over the same listings (the sellers a viewer follows). `overflows`: the
   * caller knows the list is longer than the capped count (known-overflow.ts), which is then not counted.
   */
  async page(
    query: ItemSearchQuery,
    viewerId: string | null,
    extra: (listings: Listings) => SQL[] = () => [],
    { overflows = false } = {},
  ): Promise<FoundPage> {
    const plan = await this.planOf(query, viewerId, extra);
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    const known = cursor
      ? { count: cursor.total[0], capped: cursor.total[1] }
      : overflows
        ? { count: RESULT_COUNT_CAP, capped: true }
        : null;
    // Best match counts its matches in the scan that finds them.
    if (plan.order === 'relevance') return { ...(await this.bestMatchPage(plan, cursor, known)), text: plan.text };
    const total = known ?? (await this.count(plan));
    // limit/offset paging (or its cursor) walks the same order with an offset; keyset needs neither.
    const byOffset = cursor ? cursor.offset !== undefined : query.offset > 0;
    const found =
      byOffset || isRanked(plan)
        ? await this.rankedPage(plan, cursor, total)
        : await this.keysetPage(plan, cursor, total);
    return { ...found, total, text: plan.text };
  }

  /** The first ids of a list, for a rail: a rail shows neither a count nor a next page, so neither is asked. */
  async firstIds(
    query: ItemSearchQuery,
    viewerId: string | null,
    extra: (listings: Listings) => SQL[] = () => [],
  ): Promise<string[]> {
    // A rail shows what can still be bought: sold items only when it asks for them.
    const unsold = { is_sold_out: query.is_sold_out ?? false };
    const plan = await this.planOf({ ...query, ...unsold, offset: 0, cursor: undefined }, viewerId, extra);
    const uncounted = { count: 0, capped: false };
    if (plan.order === 'relevance') return (await this.bestMatchPage(plan, null, uncounted)).itemIds;
    const found = isRanked(plan)
      ? await this.rankedPage(plan, null, uncounted)
      : await this.keysetPage(plan, null, uncounted);
    return found.itemIds;
  }

  private async planOf(query: ItemSearchQuery, viewerId: string | null, extra: (listings: Listings) => SQL[]) {
    const listings = this.listingsFor(viewerId);
    const text = query.search_term ? await textQueryOf(this.db, query.search_term, this.placeWords) : null;
    const order = orderFor(query);
    const matching = [...extra(listings), ...(text ? textConditions(listings, text) : [])];
    const radiusIndex = await this.radiusIndex(listings, query, order, text !== null, matching);
    return {
      listings,
      where: [...matching, ...filtersOf(listings, query, radiusIndex)],
      order,
      descending: query.orderType !== 'asc',
      query,
      text,
    } satisfies Plan;
  }

  /**
   * How a text search around a point finds its rows. The planner cannot choose: it takes any cube box for
   * tiny (cube has no statistics) and never combines the text and map indexes, so a box in a city read
   * 56,000 rows to find 58 (bench/README.md). The text index holds each listing's map cells beside its
   * words, so the circle's cells narrow the matches inside that one index; a circle too wide for the grids
   * reads the text index alone when the words are rare, the map index when they are not.
   */
  private async radiusIndex(
    listings: Listings,
    query: ItemSearchQuery,
    order: ItemOrder,
    hasText: boolean,
    matching: SQL[],
  ): Promise<RadiusIndex> {
    const radius = radiusOf(query);
    if (!hasText || order === 'distance' || radius === null) return 'box';
    if (geoCellsAround(radius)) return 'cells';
    const withoutRadius = [...matching, ...filtersOf(listings, { ...query, lat: undefined, lng: undefined }, 'box')];
    return (await this.estimatedRows(listings, withoutRadius)) > this.sparseMatches ? 'box' : 'distance';
  }

  /** The planner's estimate of the rows that match (its text statistics are good, see SPARSE_MATCHES). */
  private async estimatedRows(listings: Listings, where: SQL[]): Promise<number> {
    const result = await this.db.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      sql`explain (format json) select 1 from ${listings} where ${allOf(where)}`,
    );
    return result.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
  }

  /** Matches up to the cap: "1,000+" costs what 1,000 costs. */
  private async count({ listings, where }: Plan) {
    const result = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${listings} where ${allOf(where)} limit ${RESULT_COUNT_CAP + 1}) capped`,
    );
    const n = result.rows[0]?.n ?? 0;
    return { count: Math.min(n, RESULT_COUNT_CAP), capped: n > RESULT_COUNT_CAP };
  }

  /**
   * Newest or most viewed: keyset paging, one phase after another (paid items first when asked, sold ones
   * last), each walking the same index with its own filter.
   */
  private async keysetPage(plan: Plan, cursor: SearchCursor | null, total: { count: number; capped: boolean }) {
    const limit = plan.query.limit;
    const phases = phasesOf(plan.query);
    let index = cursor?.phase ? phases.indexOf(cursor.phase) : 0;
    if (index < 0) throw badRequest('errors.invalidParameter', { field: 'cursor' });
    let after = cursor?.after;
    const rows: Array<Row & { phase: Phase | undefined }> = [];
    while (true) {
      const phase = phases[index];
      const where = [...plan.where, ...phaseConditions(plan, phase)];
      const found = await this.keysetRows(plan, where, after, limit + 1 - rows.length);
      rows.push(...found.map((row) => ({ ...row, phase })));
      if (rows.length > limit || index >= phases.length - 1) break;
      // This phase is all listed: the next one follows on the same page.
      index += 1;
      after = undefined;
    }
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const more = rows.length > limit && last !== undefined;
    return {
      itemIds: page.map((row) => row.id),
      nextCursor: more
        ? encodeCursor({ phase: last.phase, after: [last.sort ?? '', last.id], total: [total.count, total.capped] })
        : null,
    };
  }

  private async keysetRows(plan: Plan, where: SQL[], after: SearchCursor['after'], limit: number): Promise<Row[]> {
    const { listings } = plan;
    const column = sortColumn(listings, plan.order);
    // The cursor's text of a date in one fixed form (UTC, microseconds), whatever the session's DateStyle.
    const value =
      plan.order === 'touch_count'
        ? sql`${column}`
        : sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'`;
    const conditions = [...where];
    if (after) {
      const [sortValue, id] = after;
      const typed = typedSortValue(plan.order, sortValue);
      conditions.push(
        plan.descending
          ? sql`(${column}, ${listings.id}) < (${typed}, ${id}::uuid)`
          : sql`(${column}, ${listings.id}) > (${typed}, ${id}::uuid)`,
      );
    }
    const direction = directionOf(plan);
    const result = await this.db.execute<Row>(sql`
      select ${listings.id} as id, ${value} as sort from ${listings}
      where ${allOf(conditions)}
      order by ${column} ${direction}, ${listings.id} ${direction}
      limit ${limit}`);
    return result.rows;
  }

  /**
   * Nearest first (within the radius): offset paging, bounded by the radius. Newest and most viewed too when
   * the caller pages by offset. Paid items first when asked.
   */
  private async rankedPage(plan: Plan, cursor: SearchCursor | null, total: { count: number; capped: boolean }) {
    const offset = cursor?.offset ?? plan.query.offset;
    const limit = plan.query.limit;
    const ids = await this.unsoldThenSold(plan, limit + 1, offset);
    return pageOf(ids, offset, limit, total);
  }

  /**
   * Best match (relevance mixed with recency, among the newest matches up to the cap; paid first when asked, sold
   * last): offset paging, bounded by the cap. The count comes with the matches, unless already `known`.
   */
  private async bestMatchPage(
    plan: Plan,
    cursor: SearchCursor | null,
    known: { count: number; capped: boolean } | null,
  ) {
    const offset = cursor?.offset ?? plan.query.offset;
    const limit = plan.query.limit;
    const { ids, total } = await this.bestMatch.page({
      listings: plan.listings,
      where: plan.where,
      tsquery: plan.text?.tsquery ?? sql`''::tsquery`,
      estimate: await this.estimatedRows(plan.listings, plan.where),
      prefixed: plan.text?.prefixed ?? false,
      paidFirst: plan.query.isPaid === 'paid_item_first',
      soldLast: soldLast(plan.query),
      limit: limit + 1,
      offset,
    });
    const shown = known ?? total;
    return { ...pageOf(ids, offset, limit, shown), total: shown };
  }

  /**
   * An index-ordered list by offset, its sold items last: the unsold ones walk the index first, and the sold
   * ones start where they end (an order by "sold" first could use no index and would sort every match).
   */
  private async unsoldThenSold(plan: Plan, limit: number, offset: number): Promise<string[]> {
    if (!soldLast(plan.query)) return this.orderedIds(plan, [], limit, offset);
    const { listings } = plan;
    const unsold = [sql`not ${listings.isSoldOut}`];
    const ids = await this.orderedIds(plan, unsold, limit, offset);
    if (ids.length === limit) return ids;
    // The unsold ones end on this page, or before it (then counted, no further than the offset).
    const unsoldCount =
      ids.length > 0 || offset === 0 ? offset + ids.length : await this.countUpTo(plan, unsold, offset);
    const soldOffset = Math.max(0, offset - unsoldCount);
    const sold = await this.orderedIds(plan, [sql`${listings.isSoldOut}`], limit - ids.length, soldOffset);
    return [...ids, ...sold];
  }

  /** One window of the newest, most viewed or nearest matches (paid first when asked). */
  private async orderedIds(plan: Plan, conditions: SQL[], limit: number, offset: number): Promise<string[]> {
    const { listings } = plan;
    const paidFirst = plan.query.isPaid === 'paid_item_first' ? sql`${listings.isPaid} desc, ` : sql``;
    const radius = radiusOf(plan.query);
    const order =
      plan.order === 'distance' && radius
        ? sql`${distanceFrom(listings, radius)}, ${listings.id}`
        : sql`${sortColumn(listings, plan.order)} ${directionOf(plan)}, ${listings.id} ${directionOf(plan)}`;
    const result = await this.db.execute<{ id: string }>(sql`
      select ${listings.id} as id from ${listings} where ${allOf([...plan.where, ...conditions])}
      order by ${paidFirst}${order}
      limit ${limit} offset ${offset}`);
    return result.rows.map((row) => row.id);
  }

  /** How many rows match, counted no further than `cap`. */
  private async countUpTo(plan: Plan, conditions: SQL[], cap: number): Promise<number> {
    const { listings } = plan;
    const result = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${listings} where ${allOf([...plan.where, ...conditions])} limit ${cap}) capped`,
    );
    return result.rows[0]?.n ?? 0;
  }
}

/** PostgreSQL's text of a timestamptz, as a keyset cursor carries it ("2026-11-23 18:00:00.123456+00"). */
const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** The last row's sort value from a cursor, checked before it reaches SQL (anyone can forge a cursor). */
function typedSortValue(order: ItemOrder, value: string | number): SQL {
  if (order === 'touch_count') {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647) {
      return sql`${value}::int`;
    }
  } else if (typeof value === 'string') {
    const match = TIMESTAMP_TEXT.exec(value);
    const [year = 0, month = 0, day = 0] = (match?.slice(1, 4) ?? []).map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    if (match && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return sql`${value}::timestamptz`;
  }
  throw badRequest('errors.invalidParameter', { field: 'cursor' });
}

const sortColumn = (listings: Listings, order: ItemOrder) =>
  order === 'touch_count' ? sql`${listings.touchCount}` : sql`${listings.addedDate}`;

/** The indexes are "desc nulls last"; ascending walks them backwards (nulls first). */
const directionOf = (plan: Plan) => sql.raw(plan.descending ? 'desc nulls last' : 'asc nulls first');

/** Sold items come last unless the list asks for sold or unsold ones only. */
const soldLast = (query: ItemSearchQuery) => query.is_sold_out === undefined;

/** The parts a keyset list walks in turn: paid items first when asked, then the rest, sold items last. */
function phasesOf(query: ItemSearchQuery): Array<Phase | undefined> {
  const paidFirst = query.isPaid === 'paid_item_first';
  const phases: Phase[] = [];
  if (paidFirst) phases.push('paid');
  if (paidFirst || soldLast(query)) phases.push('rest');
  if (soldLast(query)) phases.push('sold');
  return phases.length > 0 ? phases : [undefined];
}

function phaseConditions({ listings, query }: Plan, phase: Phase | undefined): SQL[] {
  const unsold = soldLast(query) ? [sql`not ${listings.isSoldOut}`] : [];
  if (phase === 'paid') return [sql`${listings.isPaid}`, ...unsold];
  if (phase === 'rest')
    return [...(query.isPaid === 'paid_item_first' ? [sql`not ${listings.isPaid}`] : []), ...unsold];
  if (phase === 'sold') return [sql`${listings.isSoldOut}`];
  return [];
}

/** Nearest first ranks a bounded set and pages it by offset; the other orders walk an index. */
const isRanked = (plan: Plan) => plan.order === 'distance';

/** A page of `limit` from ids read one past it, and the cursor to the next when there is one. */
function pageOf(ids: string[], offset: number, limit: number, total: { count: number; capped: boolean }) {
  const more = ids.length > limit;
  return {
    itemIds: ids.slice(0, limit),
    nextCursor: more ? encodeCursor({ offset: offset + limit, total: [total.count, total.capped] }) : null,
  };
}

/** Best match needs words, nearest needs a point: without them the list is newest first. */
function orderFor(query: ItemSearchQuery): ItemOrder {
  const order = itemOrderOf(query);
  if (order === 'relevance' && !query.search_term) return 'added_date';
  if (order === 'distance' && radiusOf(query) === null) return 'added_date';
  return order;
}

/** Every condition at once; true when there are none (a visitor's unfiltered list: the listings say it all). */
const allOf = (conditions: SQL[]) => and(...conditions) ?? sql`true`;

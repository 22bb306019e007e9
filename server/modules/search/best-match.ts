import { and, type SQL, sql } from 'drizzle-orm';
import { RESULT_COUNT_CAP } from '../../../contract/search.ts';
import type { Db } from '../../kernel/database.ts';
import type { Listings } from '../items/index.ts';

/** Recency halves a match's score after this many days. */
const SCORE_HALF_LIFE_DAYS = 30;
/** souk_added_weeks (migration 0034): whole weeks since 1970. */
const WEEK_MS = 7 * 86_400_000;
/**
 * A window aims at this many times the ranked set's matches: enough to fill it most of the time, few enough to
 * read fast.
 */
const WINDOW_SHARE = 2;
/** A window too small grows this many times wider. */
const WINDOW_GROWTH = 4;
/** The oldest listing's week is read again after this long. */
const OLDEST_WEEK_TTL_MS = 10 * 60_000;

export interface BestMatchQuery {
  listings: Listings;
  where: SQL[];
  tsquery: SQL;
  /** Matches the planner expects; above `denseMatches` the newest are looked for in week windows. */
  estimate: number;
  /** Some word is a prefix: the index gathers all its matches before it narrows them to a window. */
  prefixed: boolean;
  paidFirst: boolean;
  soldLast: boolean;
  limit: number;
  offset: number;
}

export interface BestMatchOptions {
  /**
   * More expected matches than this are read a window of weeks at a time; fewer, all at once. `denseMatches` for
   * whole words; `densePrefixMatches` when a word is a prefix (the planner's estimate of a prefix is loose, and
   * each window reads every match of the prefix in the index).
   */
  denseMatches: number;
  densePrefixMatches: number;
  /** The first window's width in weeks, instead of the one the estimate gives (tests). */
  firstWindowWeeks?: number;
  /** How many of the newest matches are ranked (RESULT_COUNT_CAP; smaller in tests). */
  rankedCandidates?: number;
}

/**
 * Best match: relevance mixed with recency among the newest matches up to the cap, and their count, in one
 * scan of the text index. A word found in many listings is looked for in the last weeks first (the week is in
 * the text index beside the words), widening until the window holds more than the cap: everything outside it
 * is older, so its newest matches are the list's. The window's matches are kept apart (a materialized CTE, a
 * fence the planner does not see through): counted, their newest ranked, without reading any row twice.
 */
export class BestMatch {
  private readonly db: Db;
  private readonly options: BestMatchOptions;
  private oldest: { week: number; readAt: number } | null = null;

  constructor(db: Db, options: BestMatchOptions) {
    this.db = db;
    this.options = options;
  }

  /** The page's ids, and the matches counted up to the cap. */
  async page(query: BestMatchQuery): Promise<{ ids: string[]; total: { count: number; capped: boolean } }> {
    const cap = this.options.rankedCandidates ?? RESULT_COUNT_CAP;
    const span = currentWeek() - (await this.oldestWeek(query.listings)) + 1;
    const wanted = WINDOW_SHARE * (cap + 1);
    let window = this.firstWindow(query, span, wanted);
    while (true) {
      const since = window === null ? null : currentWeek() - window + 1;
      const result = await this.db.execute<{ n: number; ids: string[] | null }>(windowQuery(query, since, cap));
      const row = result.rows[0] ?? { n: 0, ids: [] };
      // Ids come when the window held enough, and always from the unbounded one.
      if (row.ids || window === null)
        return { ids: row.ids ?? [], total: { count: Math.min(row.n, cap), capped: row.n > cap } };
      // Wider by what this one held: as many weeks as the ranked set takes at its pace, WINDOW_GROWTH times at least.
      const wider = Math.max(window * WINDOW_GROWTH, Math.ceil((window * wanted) / Math.max(1, row.n)));
      window = wider < span ? wider : null;
    }
  }

  /** The first window's width in weeks: what the estimate says holds `wanted`; null (all) for few matches. */
  private firstWindow(query: BestMatchQuery, span: number, wanted: number): number | null {
    const dense = query.prefixed ? this.options.densePrefixMatches : this.options.denseMatches;
    if (query.estimate <= dense) return null;
    const weeks = this.options.firstWindowWeeks ?? Math.ceil((span * wanted) / query.estimate);
    return weeks < span ? Math.max(1, weeks) : null;
  }

  /** The week of the oldest public listing, read from the feed index now and then. */
  private async oldestWeek(listings: Listings): Promise<number> {
    const now = Date.now();
    if (this.oldest && now - this.oldest.readAt < OLDEST_WEEK_TTL_MS) return this.oldest.week;
    const result = await this.db.execute<{ week: number | null }>(
      sql`select (souk_added_weeks(min(${listings.addedDate})))[1] as week from ${listings}`,
    );
    const week = result.rows[0]?.week ?? currentWeek();
    this.oldest = { week, readAt: now };
    return week;
  }
}

const currentWeek = () => Math.floor(Date.now() / WEEK_MS);

/** The listings added since a week: its weeks overlap the listing's, as the map cells do (migration 0034). */
function weeksCondition(listings: Listings, since: number): SQL {
  const weeks = Array.from({ length: Math.max(1, currentWeek() - since + 1) }, (_, index) => since + index);
  return sql`souk_added_weeks(${listings.addedDate}) && array[${sql.raw(weeks.join(', '))}]::integer[]`;
}

/**
 * The matches since a week (all when null), counted; and the page of their newest `cap` ranked, when the window
 * holds more than the cap or is unbounded (else null: a wider window is needed).
 */
function windowQuery(query: BestMatchQuery, since: number | null, cap: number): SQL {
  const { listings } = query;
  const inWindow = since === null ? [] : [weeksCondition(listings, since)];
  const where = and(...query.where, ...inWindow) ?? sql`true`;
  const enough = since === null ? sql`true` : sql`n > ${cap}`;
  const paidFirst = query.paidFirst ? sql`is_paid desc, ` : sql``;
  const unsoldFirst = query.soldLast ? sql`is_sold_out, ` : sql``;
  return sql`
    with found as materialized (
      select ${listings.id} as id, ${listings.isPaid} as is_paid, ${listings.isSoldOut} as is_sold_out,
        ${listings.addedDate} as added_date, ${listings.searchVector} as search_vector
      from ${listings} where ${where}
    ), counted as materialized (select count(*)::int as n from found)
    select n, case when ${enough} then array(
      select id::text from (
        select id, is_paid, is_sold_out, ts_rank(search_vector, ${query.tsquery})
          / (1 + extract(epoch from now() - added_date) / ${SCORE_HALF_LIFE_DAYS * 86_400}) as score
        from (select * from found order by added_date desc nulls last, id desc limit ${cap}) newest
      ) ranked
      order by ${paidFirst}${unsoldFirst}score desc, id desc
      limit ${query.limit} offset ${query.offset}
    ) end as ids
    from counted`;
}

import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCHES_PER_HOUR_PER_ACCOUNT,
  SAVED_SEARCHES_PER_HOUR_PER_ADDRESS,
  type SavedSearch,
  type SavedSearchCreated,
  type SavedSearchInput,
  type SavedSearchList,
  type SavedSearchQuery,
} from '../../../contract/saved-searches.ts';
import { itemListSearchParams } from '../../../contract/search.ts';
import type { RequestMeta, Viewer } from '../../../contract/session.ts';
import type { Db, DbOrTx } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import { anchorOf, filterColumnsOf, keptQueryOf, textColumnsOf } from './saved-search-filters.ts';
import { savedSearches, savedSearchMatches } from './schema.ts';

const ITEM_LIST_PATH = '/item-list';
const ONE_HOUR = 3600;

type Row = typeof savedSearches.$inferSelect;

const notYours = () => notFound('api.savedSearchNotFound');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name a search gets when its owner gives none: its words, else the time it was saved is not a name. */
const defaultName = (query: SavedSearchQuery) =>
  query.search_term ?? query.cat_name ?? query.sub_cat_name ?? query.item_location_name ?? '';

/** A search someone keeps (issue 22 point 5): create, list with new-match counts, delete, mark seen. Owner only. */
export class SavedSearches {
  private readonly db: Db;
  private readonly perAccount: Limiter;
  private readonly perAddress: Limiter;

  constructor(db: Db, createLimiter: LimiterFactory) {
    this.db = db;
    this.perAccount = createLimiter({
      keyPrefix: 'saved-search-account',
      points: SAVED_SEARCHES_PER_HOUR_PER_ACCOUNT,
      durationSeconds: ONE_HOUR,
    });
    this.perAddress = createLimiter({
      keyPrefix: 'saved-search-address',
      points: SAVED_SEARCHES_PER_HOUR_PER_ADDRESS,
      durationSeconds: ONE_HOUR,
    });
  }

  /**
   * Keeps the search (the same filters saved before answer the search kept then). Past MAX_SAVED_SEARCHES,
   * a refusal that says so; creations are limited per account and per address.
   */
  async create(viewer: Viewer, input: SavedSearchInput, meta: Pick<RequestMeta, 'ip'>): Promise<SavedSearchCreated> {
    const query = keptQueryOf(input);
    const queryKey = itemListSearchParams(query).toString();
    const existing = await this.byKey(viewer.userId, queryKey);
    if (existing) return { ...(await this.present(this.db, existing)), already_saved: true };
    await this.perAccount.consume(viewer.userId);
    await this.perAddress.consume(meta.ip);
    const filters = filterColumnsOf(input);
    const text = await textColumnsOf(this.db, input.search_term);
    const row = await this.db.transaction(async (tx) => {
      // One owner's creations queue here, so two at once cannot both pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-searches'), hashtext(${viewer.userId}))`);
      const [kept] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, viewer.userId));
      if ((kept?.n ?? 0) >= MAX_SAVED_SEARCHES) {
        throw new AppError(409, 'api.savedSearchLimit', { values: { max: MAX_SAVED_SEARCHES } });
      }
      const [inserted] = await tx
        .insert(savedSearches)
        .values({
          ...filters,
          userId: viewer.userId,
          name: input.name ?? defaultName(query),
          query,
          queryKey,
          anchor: anchorOf({ ...filters, words: text.words }),
          words: text.words,
          secondWords: text.secondWords,
          textQuery: text.textQuery,
          brand: input.brand === undefined ? null : sql`souk_normalize(${input.brand})`,
        })
        .onConflictDoNothing()
        .returning();
      return inserted;
    });
    const kept = row ?? (await this.byKey(viewer.userId, queryKey));
    if (!kept) throw notYours();
    return { ...(await this.present(this.db, kept)), already_saved: row === undefined };
  }

  /** The viewer's saved searches, newest first, each with its count of new matches. */
  async list(viewer: Viewer): Promise<SavedSearchList> {
    const rows = await this.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, viewer.userId))
      .orderBy(desc(savedSearches.addedDate), desc(savedSearches.id))
      .limit(MAX_SAVED_SEARCHES);
    const counts = await this.newCounts(rows.map((row) => row.id));
    return {
      items: rows.map((row) => this.entity(row, counts.get(row.id) ?? 0)),
      limit: MAX_SAVED_SEARCHES,
    };
  }

  async remove(viewer: Viewer, savedSearchId: string): Promise<void> {
    if (!UUID.test(savedSearchId)) throw notYours();
    const deleted = await this.db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, savedSearchId), eq(savedSearches.userId, viewer.userId)))
      .returning({ id: savedSearches.id });
    if (deleted.length === 0) throw notYours();
  }

  /** The owner ran the search: its matches so far are no longer new. Answers the search with its list path. */
  async markSeen(viewer: Viewer, savedSearchId: string): Promise<SavedSearch> {
    const row = await this.owned(viewer, savedSearchId);
    await this.db
      .update(savedSearchMatches)
      .set({ seenAt: sql`now()` })
      .where(and(eq(savedSearchMatches.savedSearchId, savedSearchId), isNull(savedSearchMatches.seenAt)));
    return this.entity(row, 0);
  }

  private async owned(viewer: Viewer, savedSearchId: string): Promise<Row> {
    if (!UUID.test(savedSearchId)) throw notYours();
    const [row] = await this.db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, savedSearchId), eq(savedSearches.userId, viewer.userId)));
    if (!row) throw notYours();
    return row;
  }

  private async byKey(userId: string, queryKey: string): Promise<Row | undefined> {
    const [row] = await this.db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.queryKey, queryKey)));
    return row;
  }

  private async newCounts(ids: string[], db: DbOrTx = this.db): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: savedSearchMatches.savedSearchId, n: count() })
      .from(savedSearchMatches)
      .where(and(sql`${savedSearchMatches.savedSearchId} in ${ids}`, isNull(savedSearchMatches.seenAt)))
      .groupBy(savedSearchMatches.savedSearchId);
    return new Map(rows.map((row) => [row.id, row.n]));
  }

  private async present(db: DbOrTx, row: Row): Promise<SavedSearch> {
    const counts = await this.newCounts([row.id], db);
    return this.entity(row, counts.get(row.id) ?? 0);
  }

  private entity(row: Row, newMatches: number): SavedSearch {
    const query = row.query as SavedSearchQuery;
    const params = itemListSearchParams(query).toString();
    return {
      id: row.id,
      name: row.name,
      query,
      list_path: params ? `${ITEM_LIST_PATH}?${params}` : ITEM_LIST_PATH,
      new_match_count: newMatches,
      added_date: row.addedDate.toISOString(),
    };
  }
}

import { sql } from 'drizzle-orm';
import type { ItemCardView, ItemOfView, ItemView } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { ItemSearchQuery, ItemSearchResult, RailRequest, SearchSuggestion } from '../../../contract/search.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import type { LimiterFactory } from '../../kernel/rate-limit.ts';
import type { SharedCache } from '../../kernel/shared-cache.ts';
import type { ItemsService, Listings } from '../items/index.ts';
import type { LookupsService } from '../lookups/index.ts';
import { follows } from '../social/index.ts';
import { type ActiveItemCounts, CategoryCounts } from './category-counts.ts';
import { ItemSearch } from './item-search.ts';
import { overflowsCount } from './known-overflow.ts';
import { registerSavedSearchMatching } from './saved-search-matching.ts';
import { SavedSearches } from './saved-searches.ts';
import { addSearchWordsOf, rebuildSearchWords, searchWordsAreEmpty, suggestionsFor } from './words.ts';

export const REBUILD_WORDS_JOB = 'search.rebuild-words' as const;

declare module '../../kernel/jobs.ts' {
  interface JobPayloads {
    'search.rebuild-words': Record<string, never>;
  }
}

export interface SearchDependencies {
  db: Db;
  events: EventBus;
  items: ItemsService;
  lookups: LookupsService;
  createLimiter: LimiterFactory;
  /** Where a visitor's first page of a list is kept a few seconds (the same for every visitor). */
  visitorLists?: { cache: SharedCache; seconds: number };
}

/** Discovery (issue 10): public item lists with every filter, text and radius; the search box's suggestions. */
export class SearchService {
  private readonly db: Db;
  private readonly items: ItemsService;
  private readonly lookups: LookupsService;
  private readonly search: ItemSearch;
  private readonly categoryCounts: CategoryCounts;
  private readonly visitorLists: SearchDependencies['visitorLists'];
  /** Searches people keep, and their matches (saved-searches.ts, saved-search-matching.ts). */
  readonly saved: SavedSearches;

  constructor(dependencies: SearchDependencies) {
    this.db = dependencies.db;
    this.items = dependencies.items;
    this.lookups = dependencies.lookups;
    this.search = new ItemSearch(dependencies.db, (viewerId) => dependencies.items.listings.listedFor(viewerId));
    this.categoryCounts = new CategoryCounts(dependencies.db);
    this.visitorLists = dependencies.visitorLists;
    this.keepWordsCurrent(dependencies.events);
    this.saved = new SavedSearches(dependencies.db, dependencies.createLimiter);
    registerSavedSearchMatching(dependencies.db, dependencies.events);
  }

  /** One page of a public list, as this viewer may see it; a visitor's first page is shared a few seconds. */
  async list<V extends ItemView = 'full'>(
    query: ItemSearchQuery & { view?: V },
    viewer: Viewer | null,
    language: LanguageCode,
  ): Promise<ItemSearchResult<ItemOfView<V>>> {
    if (viewer || query.cursor || query.offset > 0) return this.find(query, viewer, language);
    return this.sharedWithVisitors(`search:${language}:${JSON.stringify(query)}`, () =>
      this.find(query, null, language),
    );
  }

  /**
   * The first cards of several lists, for the rails of a page: no count and no next page, as a rail shows
   * neither; each rail's ids first, then the cards of all of them in one read. A visitor's rails are shared a
   * few seconds like a visitor's first page.
   */
  async rails(requests: RailRequest[], viewer: Viewer | null, language: LanguageCode): Promise<ItemCardView[][]> {
    const load = async () => {
      const idLists = await Promise.all(requests.map((request) => this.railIds(request, viewer)));
      const cards = await this.items.cardsOf([...new Set(idLists.flat())], viewer, language, 'card');
      const byId = new Map(cards.map((card) => [card.id, card]));
      return idLists.map((ids) => ids.flatMap((id) => byId.get(id) ?? []));
    };
    return viewer ? load() : this.sharedWithVisitors(`rails:${language}:${JSON.stringify(requests)}`, load);
  }

  private railIds(request: RailRequest, viewer: Viewer | null): Promise<string[]> {
    if (!('followed' in request)) return this.search.firstIds(request.query, viewer?.userId ?? null);
    if (!viewer) return Promise.resolve([]);
    const query = { limit: request.followed, offset: 0, order_by: 'added_date' } as const;
    return this.search.firstIds(query, viewer.userId, this.followedBy(viewer));
  }

  /** What every visitor gets alike, kept a few seconds in the cache the instances share (when there is one). */
  private async sharedWithVisitors<T>(key: string, load: () => Promise<T>): Promise<T> {
    const shared = this.visitorLists;
    if (!shared || shared.seconds <= 0) return load();
    const kept = await shared.cache.get(key);
    if (kept) return JSON.parse(kept.toString()) as T;
    const generation = await shared.cache.generation();
    const result = await load();
    await shared.cache.set(key, Buffer.from(JSON.stringify(result)), generation, shared.seconds * 1000);
    return result;
  }

  private async find<V extends ItemView>(
    query: ItemSearchQuery & { view?: V },
    viewer: Viewer | null,
    language: LanguageCode,
  ): Promise<ItemSearchResult<ItemOfView<V>>> {
    const counts = viewer === null ? this.categoryCounts.peek() : undefined;
    const overflows = counts !== undefined && overflowsCount(query, counts);
    const found = await this.search.page(query, viewer?.userId ?? null, undefined, { overflows });
    const cards = await this.items.cardsOf(found.itemIds, viewer, language, query.view ?? ('full' as V));
    const offset = query.cursor ? 0 : query.offset;
    return {
      items: cards,
      limit: query.limit,
      offset,
      next_cursor: found.nextCursor,
      total: found.total,
      corrections: found.text?.corrections ?? [],
      suggestion: found.total.count === 0 ? (found.text?.suggestion ?? null) : null,
    };
  }

  /** Items of the sellers the viewer follows, newest first. */
  async fromFollowed<V extends ItemView = 'full'>(
    viewer: Viewer,
    page: PageWindow & { cursor?: string; view?: V },
    language: LanguageCode,
  ): Promise<Paged<ItemOfView<V>>> {
    const query = { limit: page.limit, offset: page.offset, cursor: page.cursor, order_by: 'added_date' } as const;
    const found = await this.search.page(query, viewer.userId, this.followedBy(viewer));
    return {
      items: await this.items.cardsOf(found.itemIds, viewer, language, page.view ?? ('full' as V)),
      limit: page.limit,
      offset: page.cursor ? 0 : page.offset,
      next_cursor: found.nextCursor,
    };
  }

  private followedBy(viewer: Viewer) {
    return (listings: Listings) => [sql`${listings.addedUserId} in ${follows.sellersFollowedBy(viewer.userId)}`];
  }

  /** Active public items per category and subcategory, counted at most once a minute (category-counts.ts). */
  activeItemCounts(): Promise<ActiveItemCounts> {
    return this.categoryCounts.get();
  }

  suggest(prefix: string, language: LanguageCode): Promise<SearchSuggestion[]> {
    return suggestionsFor(this.db, this.lookups, prefix, language);
  }

  /** Rebuilds the dictionary of words nightly, and at once when it is empty (a new or restored database). */
  async scheduleJobs(jobs: JobQueue) {
    jobs.work(REBUILD_WORDS_JOB, () => rebuildSearchWords(this.db));
    await jobs.every(REBUILD_WORDS_JOB, '17 3 * * *');
    if (await searchWordsAreEmpty(this.db)) await rebuildSearchWords(this.db);
  }

  /** A listing that becomes public or changes adds its words, so a misspelling of them is corrected at once. */
  private keepWordsCurrent(events: EventBus) {
    const addWords = ({ itemId }: { itemId: string }) => addSearchWordsOf(this.db, itemId);
    for (const name of ['item.created', 'item.updated', 'item.approved', 'item.enabled'] as const)
      events.on(name, addWords);
  }
}

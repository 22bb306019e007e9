import { sql } from 'drizzle-orm';
import type { ItemCardView, ItemOfView, ItemView } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type {
  ItemSearchQuery,
  ItemSearchResult,
  RailRequest,
  SearchCorrection,
  SearchSuggestion,
} from '../../../contract/search.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Db } from '../../kernel/database.ts';
import { notFound } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import type { LimiterFactory } from '../../kernel/rate-limit.ts';
import { readEveryTime, type SharedCache, type SharedRead, sharedReads } from '../../kernel/shared-cache.ts';
import type { ItemsService, Listings } from '../items/index.ts';
import type { LookupsService } from '../lookups/index.ts';
import { follows } from '../social/index.ts';
import { type ActiveItemCounts, CategoryCounts } from './category-counts.ts';
import { Collections } from './collections.ts';
import { ItemSearch } from './item-search.ts';
import { overflowsCount } from './known-overflow.ts';
import { PlaceWords } from './place-words.ts';
import { registerSavedSearchMatching } from './saved-search-matching.ts';
import { SavedSearches } from './saved-searches.ts';
import { SearchSynonyms } from './synonyms.ts';
import { termsOf } from './text-query.ts';
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

/**
 * Ids past a rail's own that a viewer's rail reads from the list visitors share: a viewer who reported or blocked
 * up to this many of its first listings still gets a full rail without a list of their own.
 */
const RAIL_SPARE_IDS = 5;

interface RailCandidates {
  ids: string[];
  limit: number;
  complete: boolean;
}

/** Each rail's cards in the order of its ids; an id without a card (not listed for the viewer) is left out. */
function inRailOrder(idLists: string[][], cards: ItemCardView[]): ItemCardView[][] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  return idLists.map((ids) => ids.flatMap((id) => byId.get(id) ?? []));
}

/** Discovery (issue 10): public item lists with every filter, text and radius; the search box's suggestions. */
export class SearchService {
  private readonly db: Db;
  private readonly items: ItemsService;
  private readonly lookups: LookupsService;
  private readonly search: ItemSearch;
  private readonly categoryCounts: CategoryCounts;
  /** What every visitor gets alike, kept a few seconds in the cache the instances share (when there is one). */
  private readonly sharedWithVisitors: SharedRead;
  /** Searches people keep, and their matches (saved-searches.ts, saved-search-matching.ts). */
  readonly saved: SavedSearches;
  /** The operator's collections of listings (collections.ts). */
  readonly collections: Collections;
  /** Words the search reads as one another (synonyms.ts). */
  readonly synonyms: SearchSynonyms;

  constructor(dependencies: SearchDependencies) {
    this.db = dependencies.db;
    this.items = dependencies.items;
    this.lookups = dependencies.lookups;
    const placeWords = new PlaceWords(() => dependencies.lookups.searchablePlaceNames());
    dependencies.events.on('lookups.changed', () => placeWords.forget());
    this.search = new ItemSearch(dependencies.db, (viewerId) => dependencies.items.listings.listedFor(viewerId), {
      placeWords,
    });
    this.categoryCounts = new CategoryCounts(dependencies.db);
    const shared = dependencies.visitorLists;
    this.sharedWithVisitors = shared ? sharedReads(shared.cache, shared.seconds) : readEveryTime;
    this.keepWordsCurrent(dependencies.events);
    this.saved = new SavedSearches(dependencies.db, dependencies.createLimiter);
    this.collections = new Collections(dependencies.db, dependencies.events);
    this.synonyms = new SearchSynonyms(dependencies.db, dependencies.lookups, dependencies.events);
    dependencies.events.on('lookups.changed', () => this.synonyms.rebuildBuiltIn());
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
   * few seconds like a visitor's first page. A viewer's public rails start from the ids visitors share (with a
   * few spare), and keep only what this viewer may list, read fresh: the same cards as their own list's first.
   */
  async rails(requests: RailRequest[], viewer: Viewer | null, language: LanguageCode): Promise<ItemCardView[][]> {
    if (viewer) return this.viewerRails(requests, viewer, language);
    return this.sharedWithVisitors(`rails:${language}:${JSON.stringify(requests)}`, async () => {
      const idLists = await Promise.all(requests.map((request) => this.visitorRailIds(request)));
      const cards = await this.items.cardsOf([...new Set(idLists.flat())], null, language, 'card');
      return inRailOrder(idLists, cards);
    });
  }

  private visitorRailIds(request: RailRequest): Promise<string[]> | string[] {
    if ('query' in request) return this.search.firstIds(request.query, null);
    if ('collection' in request) return this.collectionIds(request, null);
    return [];
  }

  /** A collection's listings as a list shows them, newest first. */
  private collectionIds(request: { collection: number; limit: number }, viewerId: string | null) {
    const query = { limit: request.limit, offset: 0, order_by: 'added_date' } as const;
    return this.search.firstIds(query, viewerId, Collections.holding(request.collection));
  }

  private async viewerRails(requests: RailRequest[], viewer: Viewer, language: LanguageCode) {
    const candidates = await Promise.all(requests.map((request) => this.railCandidates(request, viewer)));
    const idLists = candidates.map((candidate) => candidate.ids);
    const cards = await this.items.listedCardsOf([...new Set(idLists.flat())], viewer, language);
    const shownLists = inRailOrder(idLists, cards);
    return Promise.all(
      requests.map(async (request, index) => {
        const { limit, complete } = candidates[index] as RailCandidates;
        const shown = shownLists[index] ?? [];
        if (shown.length >= limit || complete || !('query' in request)) return shown.slice(0, limit);
        // The viewer hides more of the shared list than its spare ids: their own list, read for them alone.
        const own = await this.search.firstIds(request.query, viewer.userId);
        return this.items.cardsOf(own, viewer, language, 'card');
      }),
    );
  }

  /** A rail's ids before the viewer's own hiding: `complete` when no listing past them could take a place. */
  private async railCandidates(request: RailRequest, viewer: Viewer): Promise<RailCandidates> {
    if ('followed' in request) {
      const query = { limit: request.followed, offset: 0, order_by: 'added_date' } as const;
      const ids = await this.search.firstIds(query, viewer.userId, this.followedBy(viewer));
      return { ids, limit: request.followed, complete: true };
    }
    if ('viewed' in request) {
      const ids = await this.items.recentlyViewedIds(viewer);
      return { ids: ids.slice(0, request.viewed), limit: request.viewed, complete: true };
    }
    if ('collection' in request) {
      return { ids: await this.collectionIds(request, viewer.userId), limit: request.limit, complete: true };
    }
    const { query } = request;
    const wanted = { ...query, limit: query.limit + RAIL_SPARE_IDS };
    const ids = await this.sharedWithVisitors(`rail-ids:${JSON.stringify(wanted)}`, () =>
      this.search.firstIds(wanted, null),
    );
    return { ids, limit: query.limit, complete: ids.length < wanted.limit };
  }

  private async find<V extends ItemView>(
    query: ItemSearchQuery & { view?: V },
    viewer: Viewer | null,
    language: LanguageCode,
  ): Promise<ItemSearchResult<ItemOfView<V>>> {
    const { found, corrections } = await this.pageOrSuggestion(query, viewer);
    const cards = await this.items.cardsOf(found.itemIds, viewer, language, query.view ?? ('full' as V));
    const offset = query.cursor ? 0 : query.offset;
    return {
      items: cards,
      limit: query.limit,
      offset,
      next_cursor: found.nextCursor,
      total: found.total,
      corrections,
      suggestion: found.total.count === 0 ? (found.text?.suggestion ?? null) : null,
    };
  }

  /**
   * The page of the words as typed. When it is empty: the page of a closer spelling if one was found, else
   * of the words that can match something without those that cannot; said as corrections (a word left out
   * has an empty replacement). Their next pages come the same way, as the typed words stay empty.
   */
  private async pageOrSuggestion(query: ItemSearchQuery, viewer: Viewer | null) {
    const counts = viewer === null ? this.categoryCounts.peek() : undefined;
    const overflows = counts !== undefined && overflowsCount(query, counts);
    const found = await this.search.page(query, viewer?.userId ?? null, undefined, { overflows });
    const typed = query.search_term;
    const asTyped = { found, corrections: found.text?.corrections ?? [] };
    if (found.itemIds.length > 0 || !typed || !found.text) return asTyped;
    const { suggestion, matchable } = found.text;
    for (const instead of [suggestion, matchable?.join(' ')]) {
      if (!instead) continue;
      const other = await this.search.page({ ...query, search_term: instead }, viewer?.userId ?? null);
      if (other.itemIds.length > 0) {
        return { found: other, corrections: [...replacedWords(typed, instead), ...(other.text?.corrections ?? [])] };
      }
    }
    return asTyped;
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

  /** A published collection's listings, newest first, as this viewer may list them; 404 when it is not shown. */
  async collectionItems<V extends ItemView = 'full'>(
    collectionId: number,
    viewer: Viewer | null,
    page: PageWindow & { cursor?: string; view?: V },
    language: LanguageCode,
  ): Promise<Paged<ItemOfView<V>>> {
    if (!(await this.collections.find(collectionId, language))) throw notFound('console.collections.notFound');
    const query = { limit: page.limit, offset: page.offset, cursor: page.cursor, order_by: 'added_date' } as const;
    const found = await this.search.page(query, viewer?.userId ?? null, Collections.holding(collectionId));
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

  /**
   * Rebuilds the dictionary of words and the built-in synonyms nightly; the dictionary at once when it is empty
   * (a new or restored database), the synonyms at every start (the curated list may have changed).
   */
  async scheduleJobs(jobs: JobQueue) {
    jobs.work(REBUILD_WORDS_JOB, async () => {
      await rebuildSearchWords(this.db);
      await this.synonyms.rebuildBuiltIn();
    });
    await jobs.every(REBUILD_WORDS_JOB, '17 3 * * *');
    if (await searchWordsAreEmpty(this.db)) await rebuildSearchWords(this.db);
    await this.synonyms.rebuildBuiltIn();
  }

  /** A listing that becomes public or changes adds its words, so a misspelling of them is corrected at once. */
  private keepWordsCurrent(events: EventBus) {
    const addWords = ({ itemId }: { itemId: string }) => addSearchWordsOf(this.db, itemId);
    for (const name of ['item.created', 'item.updated', 'item.approved', 'item.enabled'] as const)
      events.on(name, addWords);
  }
}

/**
 * The typed words another query searched differently, as corrections: replaced (a suggestion keeps every
 * word in its place) or left out (an empty replacement).
 */
function replacedWords(typed: string, instead: string): SearchCorrection[] {
  const terms = termsOf(typed);
  const searched = instead.split(' ');
  if (searched.length === terms.length) {
    return terms.flatMap((term, index) =>
      searched[index] !== term ? [{ term, replacement: searched[index] ?? '' }] : [],
    );
  }
  return terms.filter((term) => !searched.includes(term)).map((term) => ({ term, replacement: '' }));
}

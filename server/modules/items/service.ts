import type { ItemEntryInput } from '../../../contract/item-entry.ts';
import {
  ITEM_RAIL_SIZE,
  type Item,
  type ItemCardView,
  type ItemDetail,
  type ItemOfView,
  type ItemRailKind,
  type ItemReport,
  type ItemView,
  type ModerationDecision,
  type OwnerList,
  type OwnItemOfView,
} from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { ItemEntryOptions, PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { SellerContact } from '../../../contract/users.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import type { LookupsService } from '../lookups/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { AccountRow } from '../users/index.ts';
import { type AccessRow, accessRow, existingItem, itemNotFound } from './access.ts';
import { CardLoader } from './card-loading.ts';
import { ItemConsoleStats } from './console-stats.ts';
import { ContactReveals } from './contact-reveals.ts';
import { type DeletionRecord, deletionsBetween } from './deletion-records.ts';
import { type ItemHeadline, itemHeadline, listingIdsOf } from './headlines.ts';
import type { ItemMediaService } from './item-media.ts';
import { bumpListing, type Lifetime, ListingLifetime } from './lifetime.ts';
import { ListingQueries } from './listings.ts';
import { ItemLoader } from './loading.ts';
import { ItemModeration } from './moderation.ts';
import { entryOptions, RecentEntryOptions } from './options.ts';
import { OwnerLists } from './owner-lists.ts';
import { ItemPosting } from './posting.ts';
import type { ItemViewer } from './presenter.ts';
import { setPromoted, titlesOf } from './promotion-flag.ts';
import { ItemReading } from './reading.ts';
import { RecentlyViewed } from './recently-viewed.ts';
import { ItemViews, viewerKey } from './views.ts';
import { type ListingTies, mayView } from './visibility.ts';

export interface ItemsDependencies {
  db: Db;
  events: EventBus;
  lookups: LookupsService;
  settings: SettingsService;
  itemMedia: ItemMediaService;
  /** "Now" for listing lifetimes (a test moves it). */
  clock: Clock;
  /** Blocks, reports and favourites between a viewer and listings (the social module's, as SQL). */
  ties: ListingTies;
  /** The sellers' account rows, for the cards (the users module's). */
  sellerRows(sellerIds: string[]): Promise<Map<string, AccountRow>>;
  /** The open reports of items, for the moderation queue (module social). */
  openReportsOf(itemIds: string[]): Promise<Record<string, ItemReport[]>>;
}

/**
 * Listings (SPEC.md 2-6): posting and editing, item pages, views, the seller's lists and moderation. Each use
 * case lives in its own file; this class is the module's one entry point, and every write checks who asks.
 */
export class ItemsService {
  private readonly lookups: LookupsService;
  private readonly filterChoices: RecentEntryOptions;
  private readonly posting: ItemPosting;
  private readonly reading: ItemReading;
  private readonly views: ItemViews;
  private readonly recent: RecentlyViewed;
  private readonly lists: OwnerLists;
  private readonly moderation: ItemModeration;
  private readonly contacts: ContactReveals;
  private readonly lifetime: ListingLifetime;
  private readonly db: Db;
  /** Listings as subqueries other modules select from (listings.ts). */
  readonly listings: ListingQueries;
  /** What the operator's console counts (admins only). */
  readonly console: ItemConsoleStats;

  constructor(dependencies: ItemsDependencies) {
    const { db, ties } = dependencies;
    this.db = db;
    this.lookups = dependencies.lookups;
    this.listings = new ListingQueries(ties);
    const loader = new ItemLoader(db, { ties, sellerRows: dependencies.sellerRows });
    const context = { ...dependencies, loader };
    this.filterChoices = new RecentEntryOptions(dependencies.lookups);
    this.posting = new ItemPosting(context);
    this.reading = new ItemReading(loader, new CardLoader(db, ties), ties);
    this.views = new ItemViews(db);
    this.recent = new RecentlyViewed(db, this.reading, ties);
    this.lists = new OwnerLists(this.reading, ties);
    this.moderation = new ItemModeration(context);
    this.contacts = new ContactReveals(db, dependencies);
    this.lifetime = new ListingLifetime(context);
    this.console = new ItemConsoleStats(db);
  }

  /** The item as this viewer may see it, or null (missing, deleted, or hidden from them). */
  find(itemId: string, viewer: ItemViewer | null, language: LanguageCode): Promise<ItemDetail | null> {
    return this.reading.find(itemId, viewer, language);
  }

  /** The item, or 404 for the API. */
  async get(itemId: string, viewer: ItemViewer | null, language: LanguageCode): Promise<ItemDetail> {
    const item = await this.find(itemId, viewer, language);
    if (!item) throw itemNotFound();
    return item;
  }

  related<V extends ItemView = 'full'>(
    item: Pick<Item, 'id' | 'cat_id' | 'sub_cat_id'>,
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V = 'full' as V,
  ): Promise<ItemOfView<V>[]> {
    return this.reading.related(item, viewer, language, view);
  }

  /** The seller's other items the viewer may list, newest first. */
  sellerItems<V extends ItemView = 'full'>(
    item: Pick<Item, 'id' | 'added_user_id'>,
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V = 'full' as V,
  ): Promise<ItemOfView<V>[]> {
    return this.reading.bySameSeller(item, viewer, language, view);
  }

  /**
   * Items like this one (its subcategory, else its category) in `cityId`, else in the item's own city, newest
   * first, without this one; none when the item has no city either.
   */
  similarInCity<V extends ItemView = 'full'>(
    item: Pick<Item, 'id' | 'cat_id' | 'sub_cat_id' | 'item_location_id'>,
    cityId: number | null,
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V = 'full' as V,
    count = ITEM_RAIL_SIZE,
  ): Promise<ItemOfView<V>[]> {
    const city = cityId ?? item.item_location_id;
    if (city === null) return Promise.resolve([]);
    return this.reading.inCity(item, city, viewer, language, view, count);
  }

  /**
   * Cards of items another module chose (search lists), in the order given. That module decides which
   * items the viewer may see: these are shown as they are.
   */
  cardsOf<V extends ItemView = 'full'>(
    itemIds: string[],
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V = 'full' as V,
  ): Promise<ItemOfView<V>[]> {
    return this.reading.viewsOf(itemIds, viewer, language, view);
  }

  /**
   * Cards of items another module chose from what others may list (a rail kept for everyone), as this viewer
   * may list them now: what they reported or what a block hides is left out.
   */
  listedCardsOf(itemIds: string[], viewer: ItemViewer | null, language: LanguageCode): Promise<ItemCardView[]> {
    return this.reading.listedCardsOf(itemIds, viewer, language);
  }

  /**
   * One rail of an item the viewer may see (404 otherwise): related items, the seller's other items, or items like
   * it in a city (`cityId`, else the item's own).
   */
  async relatedTo<V extends ItemView>(
    itemId: string,
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V,
    rail: { kind: ItemRailKind; cityId: number | null },
  ): Promise<ItemOfView<V>[]> {
    const item = await this.get(itemId, viewer, language);
    if (rail.kind === 'seller') return this.sellerItems(item, viewer, language, view);
    if (rail.kind === 'city') return this.similarInCity(item, rail.cityId, viewer, language, view);
    return this.related(item, viewer, language, view);
  }

  /**
   * Counts a view of an item already shown to the viewer (the item page): no visibility check again. A visitor
   * counts by the id of their cookie; without one (a bot) nothing is counted.
   */
  async countView(itemId: string, viewer: ItemViewer | null, visitorId: string | null): Promise<void> {
    const key = viewerKey(viewer, visitorId);
    if (key) await this.views.countView(itemId, key);
  }

  /**
   * The seller's phone and WhatsApp of a listing the viewer may see (404 otherwise, or when the seller shares
   * none), within the member's reveals per hour; counted in the listing's statistics (contact-reveals.ts).
   */
  async revealSellerContact(viewer: ItemViewer, itemId: string, language: LanguageCode): Promise<SellerContact> {
    const item = await this.find(itemId, viewer, language);
    if (!item) throw itemNotFound();
    return this.contacts.reveal(viewer, { id: item.id, sellerId: item.added_user_id }, language);
  }

  /** How many members revealed the listing's seller's phone (one a day each), for its owner and admins. */
  async contactCount(viewer: ItemViewer, itemId: string): Promise<number | null> {
    const item = await existingItem(this.db, itemId);
    if (viewer.userId !== item.addedUserId && !viewer.isAdmin) return null;
    return this.contacts.countOf(itemId);
  }

  /** Counts a view of an item the viewer may see (404 otherwise), for the API; as countView otherwise. */
  async touch(itemId: string, viewer: ItemViewer | null, visitorId: string | null): Promise<void> {
    const item = await existingItem(this.db, itemId);
    if (!mayView(viewer, item)) throw itemNotFound();
    await this.countView(itemId, viewer, visitorId);
    if (viewer) await this.recent.remember(viewer.userId, itemId);
  }

  /** Puts an item already shown to the viewer (the item page) at the front of their recently viewed. */
  rememberView(itemId: string, viewer: ItemViewer): Promise<void> {
    return this.recent.remember(viewer.userId, itemId);
  }

  /** What the viewer's browser kept before they signed in joins their list (at most 30 ids, checked by the route). */
  rememberBrowserList(viewer: ItemViewer, itemIds: string[]): Promise<number> {
    return this.recent.rememberBrowserList(viewer.userId, itemIds);
  }

  /** The listings the viewer opened lately and may still see, the latest first (at most 30). */
  recentlyViewed<V extends ItemView = 'full'>(
    viewer: ItemViewer,
    language: LanguageCode,
    view: V = 'full' as V,
  ): Promise<ItemOfView<V>[]> {
    return this.recent.list(viewer, language, view);
  }

  /** The ids of `recentlyViewed`, the latest first. */
  recentlyViewedIds(viewer: ItemViewer): Promise<string[]> {
    return this.recent.ids(viewer);
  }

  /** Forgets what the viewer opened. */
  clearRecentlyViewed(viewer: ItemViewer): Promise<void> {
    return this.recent.clear(viewer.userId);
  }

  /** The listings of these ids (a visitor's browser list) that the viewer may list, in the order given. */
  listedCards<V extends ItemView = 'full'>(
    itemIds: string[],
    viewer: ItemViewer | null,
    language: LanguageCode,
    view: V = 'full' as V,
  ): Promise<ItemOfView<V>[]> {
    return this.recent.listedCards(itemIds, viewer, language, view);
  }

  /** Deleted listings and accounts recorded in [since, until], the oldest first, one page (app info). */
  deletionsBetween(range: { since: Date | null; until: Date | null }): Promise<DeletionRecord[]> {
    return deletionsBetween(this.db, range);
  }

  /** Folds counted views into touch_count and forgets old viewers (the job does this every minute). */
  async foldViews() {
    await this.views.foldViews();
    await this.views.pruneViews();
  }

  /** Registers the view-folding and listing lifetime jobs and their schedules. */
  async scheduleJobs(jobs: JobQueue) {
    await this.views.schedule(jobs);
    await this.lifetime.schedule(jobs);
  }

  /** The lifetime job's run at the clock's now: owners told of listings that expire soon, ended ones expired. */
  runLifetime() {
    return this.lifetime.run();
  }

  /** When the listing expires, whether it can be renewed, when it was last bumped; null when it does not exist. */
  lifetimeOf(itemId: string): Promise<Lifetime | null> {
    return this.lifetime.of(itemId);
  }

  /** The owner renews an expired listing, or one that expires within the notice days. */
  renew(viewer: Viewer, itemId: string): Promise<void> {
    return this.lifetime.renew(viewer, itemId);
  }

  /** Moves an active listing to the top of "Latest", in the promotions module's transaction. */
  bump(tx: Tx, publish: Publish, itemId: string, now: Date): Promise<boolean> {
    return bumpListing(tx, publish, itemId, now);
  }

  entryOptions(language: LanguageCode): Promise<ItemEntryOptions> {
    return entryOptions(this.lookups, language);
  }

  /** The entry form's choices as list filters offer them: at most a minute old. */
  filterOptions(language: LanguageCode): Promise<ItemEntryOptions> {
    return this.filterChoices.get(language);
  }

  async create(viewer: Viewer, input: ItemEntryInput, language: LanguageCode): Promise<ItemDetail> {
    const itemId = await this.posting.create(viewer, input, language);
    return this.get(itemId, viewer, language);
  }

  async update(viewer: Viewer, itemId: string, input: ItemEntryInput, language: LanguageCode): Promise<ItemDetail> {
    await this.posting.update(viewer, itemId, input, language);
    return this.get(itemId, viewer, language);
  }

  remove(viewer: Viewer, itemId: string): Promise<void> {
    return this.posting.remove(viewer, itemId);
  }

  setSoldOut(viewer: Viewer, itemId: string, soldOut: boolean): Promise<void> {
    return this.posting.setSoldOut(viewer, itemId, soldOut);
  }

  listMine<V extends ItemView = 'full'>(
    viewer: ItemViewer,
    list: OwnerList,
    page: PageWindow,
    language: LanguageCode,
    view: V = 'full' as V,
  ): Promise<Paged<OwnItemOfView<V>>> {
    return this.lists.listMine(viewer, list, page, language, view);
  }

  listSoldBy<V extends ItemView = 'full'>(
    userId: string,
    viewer: ItemViewer | null,
    page: PageWindow,
    language: LanguageCode,
    view: V = 'full' as V,
  ): Promise<Paged<ItemOfView<V>>> {
    return this.lists.listSoldBy(userId, viewer, page, language, view);
  }

  queue(viewer: ItemViewer, filter: { status: number | null }, page: PageWindow, language: LanguageCode) {
    return this.moderation.queue(viewer, filter, page, language);
  }

  /**
   * Reports weigh enough: the active listing waits for an admin (the social module decides when; with
   * `keepApproved` an admin's approval of it as it stands prevails).
   */
  holdForReview(itemId: string, options: { keepApproved: boolean }): Promise<boolean> {
    return this.moderation.holdForReview(itemId, options);
  }

  /** The access row of an existing item (404 when missing or deleted). */
  /** Who may do what with the item (its state and owner), or null when there is no such item. */
  findAccess(itemId: string): Promise<AccessRow | null> {
    return accessRow(this.db, itemId);
  }

  /** The title, owner and price of a listing in any state, for a notice about it. */
  headline(itemId: string): Promise<ItemHeadline | null> {
    return itemHeadline(this.db, itemId);
  }

  /** The ids of every listing an account posted, deleted ones too. */
  listingIdsOf(ownerId: string): Promise<string[]> {
    return listingIdsOf(this.db, ownerId);
  }

  /** Starts or ends a listing's promoted state, in the promotions module's transaction. */
  setPromoted(tx: Tx, publish: Publish, itemId: string, promoted: boolean): Promise<boolean> {
    return setPromoted(tx, publish, itemId, promoted);
  }

  /** Titles of listings in any state, for payments and paid ads. */
  titlesOf(itemIds: string[]): Promise<Map<string, string>> {
    return titlesOf(this.db, itemIds);
  }

  accessOf(itemId: string): Promise<AccessRow> {
    return existingItem(this.db, itemId);
  }

  decide(
    viewer: ItemViewer,
    itemId: string,
    decision: ModerationDecision,
    reason: string | null,
    language?: LanguageCode,
  ): Promise<void> {
    return this.moderation.decide(viewer, itemId, decision, reason, language);
  }

  decideMany(
    viewer: ItemViewer,
    itemIds: string[],
    decision: ModerationDecision,
    reason: string | null,
    language?: LanguageCode,
  ) {
    return this.moderation.decideMany(viewer, itemIds, decision, reason, language);
  }
}

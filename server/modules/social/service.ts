import type { ConsoleAccountReport, ReportDirection } from '../../../contract/console-account.ts';
import type { ItemOfView, ItemView } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Viewer } from '../../../contract/session.ts';
import type {
  FavouriteState,
  FollowState,
  ItemReport,
  Relation,
  ReportedItem,
  ReportInput,
  ReportOutcome,
} from '../../../contract/social.ts';
import type { User } from '../../../contract/users.ts';
import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { ItemsService } from '../items/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UsersService } from '../users/index.ts';
import { AccountReports } from './account-reports.ts';
import { Blocks } from './blocks.ts';
import { registerReportReviews } from './events.ts';
import { Favourites } from './favourites.ts';
import { Follows } from './follows.ts';
import { ReportQueue } from './report-queue.ts';
import { Reports } from './reports.ts';

export interface SocialDependencies {
  db: Db;
  events: EventBus;
  users: UsersService;
  items: ItemsService;
  settings: SettingsService;
}

type Asker = { userId: string; isAdmin: boolean };

/**
 * Favourites, follows, blocks and reports (issue 11). Each toggle says the state it wants, so repeating it
 * changes nothing; each checks who asks; the counters on accounts and listings follow from its events.
 */
export class SocialService {
  private readonly blocks: Blocks;
  private readonly follows: Follows;
  private readonly favourites: Favourites;
  private readonly reports: Reports;
  /** The console's reports queue (admins only). */
  readonly reportQueue: ReportQueue;
  private readonly accountReports: AccountReports;

  constructor({ db, events, users, items, settings }: SocialDependencies) {
    this.blocks = new Blocks(db, events, users, items);
    const { blocks } = this;
    this.follows = new Follows(db, events, users, blocks);
    this.favourites = new Favourites(db, events, items, blocks);
    this.reports = new Reports(db, events, { items, users, settings, blocks });
    this.reportQueue = new ReportQueue(db, events, { items, users });
    this.accountReports = new AccountReports(db, { items, users });
    registerReportReviews(events, db, items);
  }

  isFollowing(followerId: string, followedId: string): Promise<boolean> {
    return this.follows.isFollowing(followerId, followedId);
  }

  inBlock(userId: string, otherId: string): Promise<boolean> {
    return this.blocks.inBlock(userId, otherId);
  }

  /** How the viewer stands towards someone (a seller card). */
  async relation(viewerId: string, userId: string): Promise<Relation> {
    return { isFollowed: await this.follows.isFollowing(viewerId, userId) };
  }

  setFollowing(viewer: { userId: string }, userId: string, follow: boolean): Promise<FollowState> {
    return this.follows.setFollowing(viewer, userId, follow);
  }

  followers(userId: string, viewer: Asker | null, page: PageWindow): Promise<Paged<User>> {
    return this.follows.list(userId, 'followers', viewer, page);
  }

  following(userId: string, viewer: Asker | null, page: PageWindow): Promise<Paged<User>> {
    return this.follows.list(userId, 'following', viewer, page);
  }

  setFavourite(viewer: { userId: string }, itemId: string, favourite: boolean): Promise<FavouriteState> {
    return this.favourites.setFavourite(viewer, itemId, favourite);
  }

  favouriteItems<V extends ItemView = 'full'>(
    viewer: Viewer,
    page: PageWindow,
    language: LanguageCode,
    view: V = 'full' as V,
  ): Promise<Paged<ItemOfView<V>>> {
    return this.favourites.list(viewer, page, language, view);
  }

  /** Who keeps the listing as a favourite, without those in a block with its owner (for its alerts). */
  favouritersOf(itemId: string, ownerId: string): Promise<string[]> {
    return this.favourites.keepersOf(itemId, ownerId);
  }

  setBlocked(viewer: { userId: string }, userId: string, block: boolean): Promise<{ is_blocked: boolean }> {
    return this.blocks.setBlocked(viewer, userId, block);
  }

  blockedUsers(viewer: Asker, page: PageWindow): Promise<Paged<User>> {
    return this.blocks.listBlocked(viewer, page);
  }

  async report(
    viewer: { userId: string },
    itemId: string,
    input: ReportInput,
    language?: LanguageCode,
  ): Promise<ReportOutcome> {
    const { held } = await this.reports.report(viewer, itemId, input, language);
    return { held_for_review: held };
  }

  reportedItems(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<ReportedItem>> {
    return this.reports.listMine(viewer, page, language);
  }

  /** The open reports of listings in the moderation queue (admins only). */
  openReportsOf(viewer: { isAdmin: boolean }, itemIds: string[]): Promise<Record<string, ItemReport[]>> {
    return this.reports.openReportsOf(viewer, itemIds);
  }

  /** Open reports in all, and (given an account) what it reported and had reported: admins only. */
  reportCounts(viewer: { isAdmin: boolean }, userId: string | null = null) {
    return this.reports.consoleCounts(viewer, userId);
  }

  /** The reports an account made or received, the latest first, each with its outcome: admins only. */
  reportsOfAccount(
    viewer: { isAdmin: boolean },
    userId: string,
    direction: ReportDirection,
    page: PageWindow,
  ): Promise<Paged<ConsoleAccountReport>> {
    return this.accountReports.of(viewer, userId, direction, page);
  }
}

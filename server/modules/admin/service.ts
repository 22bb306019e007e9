import type { ApplicationDecisionInput, BadgeKind } from '../../../contract/applications.ts';
import type {
  AccountSearch,
  AuditFilter,
  CategoryEdit,
  Dashboard,
  OperatorSettings,
} from '../../../contract/console.ts';
import { DASHBOARD_DAYS } from '../../../contract/console.ts';
import { ACCOUNT_LIST_SIZE, type ReportDirection } from '../../../contract/console-account.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import type { AuthService } from '../auth/index.ts';
import type { BlogEditor, PageEditor } from '../content/index.ts';
import type { ItemsService } from '../items/index.ts';
import type { Banners, CategoryEditor, ListEditor } from '../lookups/index.ts';
import type { Upload } from '../media/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentRecords } from '../payments/index.ts';
import type { ReviewModeration } from '../ratings/index.ts';
import type { Collections, SearchService } from '../search/index.ts';
import type { OperatorSettingsEditor } from '../settings/index.ts';
import type { SocialService } from '../social/index.ts';
import type { AdminAction, UsersService } from '../users/index.ts';
import { readAuditLog } from './audit-log.ts';

/** Who decides: the signed-in user, as the session found them. */
export interface Operator {
  userId: string;
  isAdmin: boolean;
}

export interface AdminDependencies {
  db: Db;
  events: EventBus;
  users: UsersService;
  auth: AuthService;
  items: ItemsService;
  social: SocialService;
  settings: OperatorSettingsEditor;
  categories: CategoryEditor;
  blogs: BlogEditor;
  pages: PageEditor;
  banners: Banners;
  collections: Collections;
  synonyms: SearchService['synonyms'];
  notifications: NotificationsService;
  reviews: ReviewModeration;
  lists: ListEditor;
  payments: PaymentRecords;
}

/**
 * The operator's console (issue 24): each operation refuses anyone but an administrator here, and again in the
 * module whose rows it reads or changes.
 */
export class AdminService {
  private readonly deps: AdminDependencies;
  /** Blog posts, the about, privacy and safety pages, banners: each editor checks the administrator itself. */
  readonly blogs: BlogEditor;
  readonly pages: PageEditor;
  readonly banners: Banners;
  readonly collections: Collections;
  /** The operator's groups of words a search reads as one another. */
  readonly synonyms: SearchService['synonyms'];
  readonly reviews: ReviewModeration;
  /** Categories (with their pictures) and the other lookup lists. */
  readonly catalog: CategoryEditor;
  readonly lists: ListEditor;

  constructor(deps: AdminDependencies) {
    this.deps = deps;
    this.blogs = deps.blogs;
    this.pages = deps.pages;
    this.banners = deps.banners;
    this.collections = deps.collections;
    this.synonyms = deps.synonyms;
    this.reviews = deps.reviews;
    this.catalog = deps.categories;
    this.lists = deps.lists;
  }

  /** Ban, unban, verify, reject or unpublish an account: administrators only, and never their own. */
  async decideOnAccount(admin: Operator, userId: string, action: AdminAction) {
    refuseUnlessAdmin(admin);
    if (admin.userId === userId) throw new AppError(400, 'admin.notOnYourself');
    await this.deps.users.applyAdminDecision(admin.userId, userId, action);
  }

  /** Signs the account out everywhere (its sockets close with its sessions); in the audit log. */
  async endSessions(admin: Operator, userId: string) {
    refuseUnlessAdmin(admin);
    if (admin.userId === userId) throw new AppError(400, 'admin.notOnYourself');
    await this.deps.users.console.account(admin, userId);
    const before = await this.deps.auth.openSessionCount(userId);
    await this.deps.auth.endAllSessions(userId);
    await this.deps.events.transaction(this.deps.db, async (_tx, publish) => {
      recordOperatorAction(publish, {
        ...{ actorId: admin.userId, action: 'user.end-sessions', subjectType: 'user', subjectId: userId },
        ...{ before: { sessions: before }, after: { sessions: 0 } },
      });
    });
  }

  async dashboard(admin: Operator): Promise<Dashboard> {
    refuseUnlessAdmin(admin);
    const { items, social, users, payments } = this.deps;
    const [pending, reports, applications, newListings, newAccounts, money] = await Promise.all([
      items.console.pendingCount(admin),
      social.reportCounts(admin),
      users.applications.pendingCounts(admin),
      items.console.newListingsByDay(admin, DASHBOARD_DAYS),
      users.console.newAccountsByDay(admin, DASHBOARD_DAYS),
      payments.byDay(admin, DASHBOARD_DAYS),
    ]);
    return {
      pending_listings: pending,
      open_reports: reports.open,
      pending_applications: applications.blue_mark + applications.dealership,
      new_listings: newListings,
      new_accounts: newAccounts,
      payments: money.payments,
      revenue: money.revenue,
    };
  }

  searchAccounts(admin: Operator, query: Pick<AccountSearch, 'q'>, page: PageWindow) {
    return this.deps.users.console.search(admin, query, page);
  }

  /**
   * One account with the counts of its listings, reports made and received and open sessions, and the first
   * page of each list: its listings, reports made and received, open sessions and payments.
   */
  async account(admin: Operator, userId: string, language: LanguageCode) {
    const { users, items, social, auth } = this.deps;
    const account = await users.console.account(admin, userId);
    const first = { limit: ACCOUNT_LIST_SIZE, offset: 0 };
    const [listings, reports, sessions, lists] = await Promise.all([
      items.console.countsOf(admin, userId),
      social.reportCounts(admin, userId),
      auth.openSessionCount(userId),
      this.accountLists(admin, userId, first, language),
    ]);
    return { account, listings, reports_made: reports.made, reports_received: reports.received, sessions, lists };
  }

  private async accountLists(admin: Operator, userId: string, page: PageWindow, language: LanguageCode) {
    const { items, social, auth, payments } = this.deps;
    const [listings, made, received, sessions, paid] = await Promise.all([
      items.console.listingsOf(admin, userId, page, language),
      social.reportsOfAccount(admin, userId, 'made', page),
      social.reportsOfAccount(admin, userId, 'received', page),
      auth.openSessionsOf(admin, userId, page),
      payments.ofAccount(admin, userId, page),
    ]);
    return { listings, reports_made: made, reports_received: received, sessions, payments: paid };
  }

  /** An account's listings, deleted ones too, the latest first (404 when there is no such account). */
  async accountListings(admin: Operator, userId: string, page: PageWindow, language: LanguageCode) {
    await this.deps.users.console.account(admin, userId);
    return this.deps.items.console.listingsOf(admin, userId, page, language);
  }

  /** The reports an account made, or those made of its listings, the latest first, with their outcome. */
  async accountReports(admin: Operator, userId: string, direction: ReportDirection, page: PageWindow) {
    await this.deps.users.console.account(admin, userId);
    return this.deps.social.reportsOfAccount(admin, userId, direction, page);
  }

  /** An account's open sessions, the last renewed first. */
  async accountSessions(admin: Operator, userId: string, page: PageWindow) {
    await this.deps.users.console.account(admin, userId);
    return this.deps.auth.openSessionsOf(admin, userId, page);
  }

  /** An account's payments, the latest first, read only. */
  async accountPayments(admin: Operator, userId: string, page: PageWindow) {
    await this.deps.users.console.account(admin, userId);
    return this.deps.payments.ofAccount(admin, userId, page);
  }

  auditLog(admin: Operator, filter: AuditFilter, page: PageWindow) {
    refuseUnlessAdmin(admin);
    return readAuditLog(this.deps.db, filter, page, (ids) => this.deps.users.namesOf(ids));
  }

  pendingApplications(admin: Operator, kind: BadgeKind, page: PageWindow) {
    return this.deps.users.applications.pending(admin, kind, page);
  }

  decideApplication(admin: Operator, kind: BadgeKind, applicationId: number, input: ApplicationDecisionInput) {
    return this.deps.users.applications.decide(admin, kind, applicationId, input);
  }

  certificate(admin: Operator, applicationId: number) {
    return this.deps.users.applications.certificateOf(admin, applicationId);
  }

  settings(admin: Operator) {
    return this.deps.settings.read(admin);
  }

  updateSettings(admin: Operator, input: OperatorSettings) {
    return this.deps.settings.update(admin, input);
  }

  reportsByListing(admin: Operator, page: PageWindow) {
    return this.deps.social.reportQueue.byListing(admin, page);
  }

  reportsByReporter(admin: Operator, page: PageWindow) {
    return this.deps.social.reportQueue.byReporter(admin, page);
  }

  dismissListingReports(admin: Operator, itemId: string) {
    return this.deps.social.reportQueue.dismissListing(admin, itemId);
  }

  dismissReporter(admin: Operator, reporterId: string) {
    return this.deps.social.reportQueue.dismissReporter(admin, reporterId);
  }

  categories(admin: Operator) {
    return this.deps.categories.list(admin);
  }

  category(admin: Operator, catId: number) {
    return this.deps.categories.get(admin, catId);
  }

  updateCategory(admin: Operator, catId: number, edit: CategoryEdit) {
    return this.deps.categories.update(admin, catId, edit);
  }

  /** A subcategory's photo is stored with the categories' pictures; the entry comes back as the console shows it. */
  async saveSubcategoryPhoto(admin: Operator, id: number, photo: Upload | undefined) {
    await this.deps.categories.saveSubcategoryPhoto(admin, id, photo);
    return this.deps.lists.get(admin, 'subcategories', id);
  }

  async removeSubcategoryPhoto(admin: Operator, id: number) {
    await this.deps.categories.removeSubcategoryPhoto(admin, id);
    return this.deps.lists.get(admin, 'subcategories', id);
  }

  /** A notice for everyone (the notifications module stores, pushes and records it). */
  broadcast(admin: Operator, input: { title: string; message: string }) {
    return this.deps.notifications.broadcast(admin, input);
  }

  /** Cards of the listings a console page names (a collection's), whatever their state, in the order given. */
  listingCards(admin: Operator, itemIds: string[], language: LanguageCode) {
    refuseUnlessAdmin(admin);
    return this.deps.items.cardsOf(itemIds, null, language, 'card');
  }
}

import type { FastifyBaseLogger as Logger } from 'fastify';
import type { PageOperations } from '../contract/pages.ts';
import type { Config } from './config.ts';
import { accountCounts, scheduleCounterRepair } from './counters.ts';
import type { Db } from './db/database.ts';
import { ChangeNotices } from './kernel/change-notices.ts';
import { type Clock, systemClock } from './kernel/clock.ts';
import { EventBus } from './kernel/events.ts';
import type { JobQueue } from './kernel/jobs.ts';
import { createMailer, deliverQueuedMail, queuedMailer } from './kernel/mail.ts';
import type { PersonalCaching } from './kernel/personal-cache.ts';
import { createPresence, type Presence } from './kernel/presence.ts';
import { createPubSub, type PubSub } from './kernel/pubsub.ts';
import { createLimiterFactory, type Limiter, type LimiterFactory } from './kernel/rate-limit.ts';
import { createSharedCache, type SharedCache, type SharedRead, sharedReads } from './kernel/shared-cache.ts';
import { createSmsSender, deliverQueuedSms, queuedSmsSender } from './kernel/sms.ts';
import { createFileStorage, createTempFiles, type FileStorage, logNoSpace } from './kernel/storage/index.ts';
import { AdminService, consolePageOperations, registerAuditLog } from './modules/admin/index.ts';
import {
  type AuthService,
  authPageOperations,
  authSecret,
  authServiceFor,
  createAuthLibrary,
  registerSessionEndings,
} from './modules/auth/index.ts';
import { ChatService, chatPageOperations } from './modules/chat/index.ts';
import { BlogEditor, ContentService, contentPageOperations, PageEditor } from './modules/content/index.ts';
import {
  ItemMediaService,
  ItemsService,
  itemsPageOperations,
  moderationPageOperations,
  registerDeletionRecords,
  registerItemCounters,
} from './modules/items/index.ts';
import { Banners, CategoryEditor, ListEditor, LookupsService, lookupsPageOperations } from './modules/lookups/index.ts';
import { MediaService, setPublicBase } from './modules/media/index.ts';
import { MembershipsService, registerMembershipFollowUps } from './modules/memberships/index.ts';
import {
  enqueuePush,
  NotificationsService,
  Notifier,
  notificationsPageOperations,
  PushService,
  registerNoticeProducers,
  registerPushDelivery,
  scheduleDigest,
} from './modules/notifications/index.ts';
import { PaymentRecords, PaymentsService, registerPaymentFollowUps } from './modules/payments/index.ts';
import {
  BumpService,
  PromotionsService,
  promotionPageOperations,
  registerPromotionFollowUps,
} from './modules/promotions/index.ts';
import { RatingsService, ratingPageOperations } from './modules/ratings/index.ts';
import { SearchService, searchPageOperations } from './modules/search/index.ts';
import { AppInfoService, OperatorSettingsEditor, SettingsService } from './modules/settings/index.ts';
import { blockBetween, SocialService, socialPageOperations, socialTies } from './modules/social/index.ts';
import {
  type AccountRow,
  accountStatusName,
  registerUserCounters,
  UserAccounts,
  UsersService,
  usersPageOperations,
} from './modules/users/index.ts';
import { cardWallet, paymentProviders } from './payment-providers.ts';

export interface Services {
  events: EventBus;
  settings: SettingsService;
  appInfo: AppInfoService;
  lookups: LookupsService;
  banners: Banners;
  media: MediaService;
  content: ContentService;
  auth: AuthService;
  users: UsersService;
  itemMedia: ItemMediaService;
  items: ItemsService;
  search: SearchService;
  ratings: RatingsService;
  social: SocialService;
  chat: ChatService;
  notifications: NotificationsService;
  payments: PaymentsService;
  promotions: PromotionsService;
  memberships: MembershipsService;
  bumps: BumpService;
  push: PushService;
  pubsub: PubSub;
  presence: Presence;
  /** Visitor pages and first pages of searches, kept a few seconds (PAGE_CACHE_SECONDS). */
  visitorCache: SharedCache;
  /** Reads the same for everyone (categories, the blog), kept in the visitor cache as long as a visitor page. */
  sharedReads: SharedRead;
  frameLimits: { account: Limiter; address: Limiter };
  /** New visitor ids (item view counting, server/http/visitor.ts) given to one address: a few an hour. */
  newVisitorIds: Limiter;
  admin: AdminService;
  authLibrary: ReturnType<typeof createAuthLibrary>;
  /** What the database announces as it commits; start() it before serving (caches stay off until then). */
  changeNotices: ChangeNotices;
  close(): Promise<void>;
}

/**
 * Builds every module's services in the module order, and wires what flows right to left. `databaseUrl`: where
 * to listen for change notices (none: the personal caches stay off).
 */
export function createServices(
  db: Db,
  config: Config,
  logger: Logger,
  jobs: JobQueue,
  options: { databaseUrl?: string; clock?: Clock } = {},
): Services {
  const { databaseUrl, clock = systemClock } = options;
  const events = new EventBus(logger, jobs);
  const limiters = createLimiterFactory(config.REDIS_URL);
  const caching = personalCaching(config, logger, databaseUrl);
  const infrastructure = { db, config, logger, jobs, events, caching, clock, createLimiter: limiters.createLimiter };
  const storage = createFileStorage(config);
  setPublicBase(storage.publicBase);
  const visitorCache = createSharedCache(config.REDIS_URL, (error) =>
    logger.warn({ err: error }, 'the visitor cache is unavailable'),
  );
  const modules = createModules(infrastructure, storage, visitorCache);
  const pubsub = createPubSub(config.REDIS_URL);
  const presence = createPresence(config.REDIS_URL);
  wireFollowUps(infrastructure, modules);
  retireVisitorPagesOnListingChanges(events, visitorCache);
  scheduleJobs(infrastructure, modules);
  return {
    ...modules,
    events,
    pubsub,
    presence,
    visitorCache,
    sharedReads: sharedReads(visitorCache, config.PAGE_CACHE_SECONDS),
    frameLimits: frameLimitsOf(config, limiters.createLimiter),
    // A household or an office shares an address; a script that drops its cookies gets no more than this.
    newVisitorIds: limiters.createLimiter({ keyPrefix: 'visitor-ids', points: 20, durationSeconds: 3600 }),
    changeNotices: caching.notices,
    close: async () => {
      await caching.notices.close();
      await events.settled();
      await limiters.close();
      await Promise.all([pubsub.close(), presence.close(), visitorCache.close()]);
      storage.close();
    },
  };
}

function personalCaching(
  config: Config,
  logger: Logger,
  databaseUrl?: string,
): PersonalCaching & { notices: ChangeNotices } {
  const ttlMs = config.PERSONAL_CACHE_SECONDS * 1000;
  return { notices: new ChangeNotices(ttlMs > 0 ? (databaseUrl ?? null) : null, logger), ttlMs };
}

/** WebSocket frames per 10 seconds (the realtime gateway): every kind counts, per account and per address. */
function frameLimitsOf(config: Config, createLimiter: LimiterFactory) {
  const limit = (keyPrefix: string, points: number) => createLimiter({ keyPrefix, points, durationSeconds: 10 });
  return {
    account: limit('ws-frames-account', config.WS_FRAMES_PER_ACCOUNT),
    address: limit('ws-frames-address', config.WS_FRAMES_PER_ADDRESS),
  };
}

interface Infrastructure {
  db: Db;
  config: Config;
  logger: Logger;
  jobs: JobQueue;
  events: EventBus;
  caching: PersonalCaching;
  clock: Clock;
  createLimiter: LimiterFactory;
}

type Modules = ReturnType<typeof createModules>;

/**
 * Any change to a listing, or to a seller's standing, may change any visitor page or search: every cached one
 * is retired at once (live handlers: a lost one is covered by the entries' few seconds of life).
 */
function retireVisitorPagesOnListingChanges(events: EventBus, cache: SharedCache) {
  const retire = () => cache.invalidate();
  for (const name of LISTING_CHANGES) events.on(name, retire);
}

const LISTING_CHANGES = [
  'item.created',
  'item.updated',
  'item.approved',
  'item.rejected',
  'item.disabled',
  'item.enabled',
  'item.sold',
  'item.deleted',
  'item.heldForReview',
  'item.promotionChanged',
  'item.expired',
  'item.renewed',
  'item.bumped',
  'user.banned',
  'user.deactivated',
  'catalog.changed',
  'lookups.changed',
  'content.changed',
  'banners.changed',
  'collections.changed',
] as const;

function createModules(infrastructure: Infrastructure, storage: FileStorage, visitorCache: SharedCache) {
  const { db, config, jobs, events, caching, createLimiter } = infrastructure;
  // Requests only queue messages; the job workers send them (SMTP, the SMS service, or the outbox).
  deliverQueuedMail(jobs, createMailer(config, infrastructure.logger));
  deliverQueuedSms(jobs, createSmsSender(config, infrastructure.logger));
  const mailer = queuedMailer(jobs);
  const settings = new SettingsService(db);
  const userAccounts = new UserAccounts(db);
  const authLibrary = createAuthLibrary({
    ...{ db, config, mailer, accounts: userAccounts },
    secret: authSecret(config),
    sms: queuedSmsSender(jobs),
  });
  const lookups = new LookupsService(db);
  const media = new MediaService(
    db,
    storage,
    createTempFiles(config.uploadTempDir, logNoSpace(infrastructure.logger)),
    {
      thumbnailVariantsEnabled: () => settings.thumbnailVariantsEnabled(),
    },
  );
  const content = new ContentService(db, createLimiter);
  const banners = new Banners(db, events, media);
  // Ratings and social come after users in the module order: asked once they exist.
  const relations = {
    ratingSummary: (userId: string) => ratings.summary(userId),
    isFollowing: (followerId: string, followedId: string) => social.isFollowing(followerId, followedId),
    inBlock: (userId: string, otherId: string) => social.inBlock(userId, otherId),
  };
  const users = new UsersService({ db, events, media, lookups, relations, blockBetween, createLimiter });
  const auth = authServiceFor(db, authLibrary, config, {
    ...{ createLimiter, mailer, users, settings, events },
    ...{ accounts: userAccounts, caching },
  });
  const itemMedia = new ItemMediaService({ db, media, settings, events });
  const items = new ItemsService({
    ...{ db, events, lookups, settings, itemMedia, clock: infrastructure.clock },
    ties: socialTies,
    sellerRows: (sellerIds) => users.rowsOf(sellerIds),
    openReportsOf: (itemIds: string[]) => social.openReportsOf({ isAdmin: true }, itemIds),
  });
  const social = new SocialService({ db, events, users, items, settings });
  const chat = new ChatService({
    ...{ db, events, items, users, social, media, settings, createLimiter },
    messagesPerMinute: config.CHAT_MESSAGES_PER_MINUTE,
  });
  const ratings = new RatingsService({ db, events, users, social, chat });
  const visitorLists = { cache: visitorCache, seconds: config.PAGE_CACHE_SECONDS };
  const search = new SearchService({ db, events, items, lookups, createLimiter, visitorLists });
  const people = (userIds: string[]) => users.rowsOf(userIds);
  const notifications = new NotificationsService({
    ...{ db, events, people, caching, createLimiter },
    secret: authSecret(config),
  });

  const { push, notifier } = createPushAndNotifier(infrastructure, people);
  const { payments, promotions, memberships, bumps } = createMoney(infrastructure, { settings, items, users });
  const admin = new AdminService({
    ...{ db, events, users, auth, items, social, banners, notifications },
    ...{ blogs: new BlogEditor(db, events, media), pages: new PageEditor(db, events) },
    ...{ settings: new OperatorSettingsEditor(db, events), categories: new CategoryEditor(db, events, media) },
    ...{ collections: search.collections, reviews: ratings.moderation, lists: new ListEditor(db, events) },
    synonyms: search.synonyms,
    payments: new PaymentRecords(db),
  });
  const appInfo = createAppInfo(db, { users, auth, items, lookups });
  return {
    settings,
    appInfo,
    lookups,
    banners,
    media,
    content,
    auth,
    users,
    itemMedia,
    items,
    search,
    ratings,
    social,
    chat,
    notifications,
    notifier,
    payments,
    promotions,
    memberships,
    bumps,
    push,
    admin,
    authLibrary,
  };
}

/** Push delivery and the notifier that records notices (and queues their push) for the other modules. */
function createPushAndNotifier(
  infrastructure: Infrastructure,
  people: (userIds: string[]) => Promise<Map<string, AccountRow>>,
) {
  const { db, config, jobs, events, createLimiter } = infrastructure;
  const site = { publicUrl: config.publicUrl, secret: authSecret(config) };
  const push = new PushService({ db, config, createLimiter });
  registerPushDelivery(jobs, db, push.sender, infrastructure.logger);
  const notifier = new Notifier({
    ...{ db, events, jobs, people, site },
    push: (tx, userId, payload) => enqueuePush(jobs, tx, userId, payload),
  });
  return { push, notifier };
}

/** Payments and paid promotion: the adapters the configuration turns on, and the services over them. */
function createMoney(
  infrastructure: Infrastructure,
  modules: { settings: SettingsService; items: ItemsService; users: UsersService },
) {
  const { db, events, config, clock, createLimiter } = infrastructure;
  const { settings, items, users } = modules;
  const payments = new PaymentsService({
    ...{ db, events, settings, clock, logger: infrastructure.logger },
    providers: paymentProviders(config, async () => {
      const current = await settings.paymentSettings();
      return { android: current.androidProductId, ios: current.iosProductId };
    }),
    couponChecks: createLimiter({ keyPrefix: 'coupon-checks', points: 30, durationSeconds: 3600 }),
    paymentStarts: createLimiter({ keyPrefix: 'payment-starts', points: 30, durationSeconds: 3600 }),
    scripts: { stripe: config.STRIPE_JS_URL, razorpay: config.RAZORPAY_CHECKOUT_URL },
    publicUrl: config.publicUrl,
    titlesOf: (itemIds) => items.titlesOf(itemIds),
    payerOf: async (userId) => {
      const payer = (await users.rowsOf([userId])).get(userId);
      return { email: payer?.userEmail || null, name: payer?.userName ?? '' };
    },
    wallet: cardWallet(config),
    createLimiter,
  });
  return {
    payments,
    promotions: new PromotionsService({ db, events, settings, payments, items, clock }),
    memberships: new MembershipsService({ db, events, settings, payments, users, clock }),
    bumps: new BumpService({ db, events, settings, payments, items, users, clock, logger: infrastructure.logger }),
  };
}

/** The app information service, which asks the modules about an account, deleted listings and currencies. */
function createAppInfo(
  db: Infrastructure['db'],
  modules: { users: UsersService; auth: AuthService; items: ItemsService; lookups: LookupsService },
) {
  const { users, auth, items, lookups } = modules;
  return new AppInfoService(db, {
    accountStatus: async (userId) => {
      const account = (await users.rowsOf([userId])).get(userId);
      return account ? accountStatusName(account) : null;
    },
    endSessions: (userId) => auth.endAllSessions(userId),
    deletionsBetween: (range) => items.deletionsBetween(range),
    currencySymbolOf: (shortForm) => lookups.currencySymbolOf(shortForm),
  });
}

/** What must happen once a write commits, in the module that owns the rows it changes (kernel/events.ts). */
function wireFollowUps({ db, events, jobs, logger, clock }: Infrastructure, modules: Modules) {
  registerUserCounters(events, db, accountCounts);
  registerItemCounters(events, db, socialTies);
  registerDeletionRecords(events, db);
  registerSessionEndings(events, modules.auth);
  registerAuditLog(events, db);
  registerPaymentFollowUps(events, db, modules.payments.cards);
  registerMembershipFollowUps({ db, events, clock, users: modules.users });
  registerPromotionFollowUps({
    ...{ db, events, jobs, logger },
    advance: () => modules.promotions.advance(),
    bumps: modules.bumps,
  });
  registerNoticeProducers({
    ...{ events, notifier: modules.notifier, items: modules.items, social: modules.social },
    people: (userIds) => modules.users.rowsOf(userIds),
  });
  // Reading a conversation reads its notices (live: a lost one leaves them for "mark all read").
  events.on('chat.read', ({ userId, chatId }) => modules.notifications.markConversationRead(userId, chatId));
}

function scheduleJobs({ db, jobs, logger, config }: Infrastructure, modules: Modules) {
  const failed = (what: string) => (error: unknown) => logger.error({ err: error }, `${what} could not start`);
  modules.items.scheduleJobs(jobs).catch(failed('the item view and lifetime jobs'));
  modules.itemMedia.scheduleDraftSweep(jobs).catch(failed('the sweep of abandoned item uploads'));
  modules.search.scheduleJobs(jobs).catch(failed('the search dictionary job'));
  modules.payments.scheduleJobs(jobs).catch(failed('the payment reconciliation job'));
  modules.promotions.scheduleJobs(jobs).catch(failed('the promotion clock job'));
  const site = { publicUrl: config.publicUrl, secret: authSecret(config) };
  const people = (userIds: string[]) => modules.users.rowsOf(userIds);
  scheduleDigest({ db, jobs, people, site }).catch(failed('the daily digest of saved-search matches'));
  scheduleCounterRepair(jobs, db, (repair) => logger.info({ repair }, 'counters repaired')).catch(
    failed('the counter repair job'),
  );
}

/** The page port (contract/pages.ts): each module's page operations, and nothing else of its services. */
export function pageServices(services: Services): PageOperations {
  return {
    ...lookupsPageOperations(services.lookups, services.banners, services.sharedReads),
    ...contentPageOperations(services.content, services.sharedReads),
    auth: authPageOperations(services.auth),
    users: usersPageOperations(services.users),
    items: itemsPageOperations(services.items),
    moderation: moderationPageOperations(services.items),
    console: consolePageOperations(services.admin),
    search: searchPageOperations(services.search),
    social: socialPageOperations(services.social),
    chat: chatPageOperations(services.chat),
    ratings: ratingPageOperations(services.ratings),
    notifications: notificationsPageOperations(services.notifications),
    payments: promotionPageOperations(services.promotions, services.payments, services.memberships, services.bumps),
  };
}

import type { FastifyBaseLogger as Logger } from 'fastify';
import type { PageOperations } from '../contract/pages.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { EventBus } from './kernel/events.ts';
import type { JobQueue } from './kernel/jobs.ts';
import { createMailer, deliverQueuedMail, queuedMailer } from './kernel/mail.ts';
import { createPresence, type Presence } from './kernel/presence.ts';
import { createPubSub, type PubSub } from './kernel/pubsub.ts';
import { createLimiterFactory } from './kernel/rate-limit.ts';
import { createSmsSender, deliverQueuedSms, queuedSmsSender } from './kernel/sms.ts';
import { createFileStorage, createTempFiles } from './kernel/storage/index.ts';
import { AdminService } from './modules/admin/index.ts';
import {
  type AuthService,
  authPageOperations,
  authSecret,
  authServiceFor,
  createAuthLibrary,
  registerSessionEndings,
} from './modules/auth/index.ts';
import { ChatService, chatPageOperations } from './modules/chat/index.ts';
import { ContentService, contentPageOperations } from './modules/content/index.ts';
import {
  ItemMediaService,
  ItemsService,
  itemsPageOperations,
  moderationPageOperations,
  registerItemCounters,
} from './modules/items/index.ts';
import { LookupsService, lookupsPageOperations } from './modules/lookups/index.ts';
import { MediaService, setPublicBase } from './modules/media/index.ts';
import { registerChatNotices } from './modules/notifications/index.ts';
import { RatingsService, ratingPageOperations } from './modules/ratings/index.ts';
import { SearchService, searchPageOperations } from './modules/search/index.ts';
import { SocialService, socialPageOperations } from './modules/social/index.ts';
import { registerUserCounters, UsersService, usersPageOperations } from './modules/users/index.ts';

export interface Services {
  events: EventBus;
  lookups: LookupsService;
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
  pubsub: PubSub;
  presence: Presence;
  admin: AdminService;
  authLibrary: ReturnType<typeof createAuthLibrary>;
  close(): Promise<void>;
}

/** Builds every module's services in the module order, and wires the events that flow right to left. */
export function createServices(db: Db, config: Config, logger: Logger, jobs: JobQueue): Services {
  const events = new EventBus(logger);
  const limiters = createLimiterFactory(config.REDIS_URL);
  const { createLimiter } = limiters;
  // Requests only queue messages; the job workers send them (SMTP, the SMS service, or the outbox).
  deliverQueuedMail(jobs, createMailer(config, logger));
  deliverQueuedSms(jobs, createSmsSender(config, logger));
  const mailer = queuedMailer(jobs);
  const authLibrary = createAuthLibrary({
    db,
    config,
    secret: authSecret(config),
    mailer,
    sms: queuedSmsSender(jobs),
  });
  const lookups = new LookupsService(db);
  const storage = createFileStorage(config);
  setPublicBase(storage.publicBase);
  const media = new MediaService(db, storage, createTempFiles(config.uploadTempDir), {
    thumbnailVariantsEnabled: () => lookups.thumbnailVariantsEnabled(),
  });
  const content = new ContentService(db, createLimiter);
  const relations = {
    ratingSummary: (userId: string) => ratings.summary(userId),
    isFollowing: (followerId: string, followedId: string) => social.isFollowing(followerId, followedId),
    inBlock: (userId: string, otherId: string) => social.inBlock(userId, otherId),
  };
  const users = new UsersService({ db, events, media, lookups, relations, createLimiter });
  const auth = authServiceFor(db, authLibrary, config, { createLimiter, mailer, users });
  const itemMedia = new ItemMediaService({ db, media, events });
  const items = new ItemsService({
    db,
    events,
    lookups,
    itemMedia,
    viewerSecret: authSecret(config),
    // Social keeps the reports and comes after items in the module order: asked once both exist.
    openReportsOf: (itemIds: string[]) => social.openReportsOf({ isAdmin: true }, itemIds),
  });
  const social = new SocialService({ db, events, users, items });
  const chat = new ChatService({
    ...{ db, events, items, users, social, media, createLimiter },
    messagesPerMinute: config.CHAT_MESSAGES_PER_MINUTE,
  });
  const ratings = new RatingsService({ db, events, users, social, chat });
  const pubsub = createPubSub(config.REDIS_URL);
  const presence = createPresence(config.REDIS_URL);
  registerChatNotices(events, db, (userId) => presence.isOnline(userId));
  items.scheduleJobs(jobs).catch((error: unknown) => logger.error({ err: error }, 'the item view job could not start'));
  itemMedia
    .scheduleDraftSweep(jobs)
    .catch((error: unknown) => logger.error({ err: error }, 'the sweep of abandoned item uploads could not start'));
  const search = new SearchService({ db, events, items });
  search
    .scheduleJobs(jobs)
    .catch((error: unknown) => logger.error({ err: error }, 'the search dictionary job could not start'));
  const admin = new AdminService(users);
  registerUserCounters(events, db);
  registerItemCounters(events, db);
  registerSessionEndings(events, auth);
  return {
    events,
    lookups,
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
    pubsub,
    presence,
    admin,
    authLibrary,
    close: async () => {
      await events.settled();
      await limiters.close();
      await Promise.all([pubsub.close(), presence.close()]);
      storage.close();
    },
  };
}

/** The page port (contract/pages.ts): each module's page operations, and nothing else of its services. */
export function pageServices(services: Services): PageOperations {
  return {
    ...lookupsPageOperations(services.lookups),
    ...contentPageOperations(services.content),
    auth: authPageOperations(services.auth),
    users: usersPageOperations(services.users),
    items: itemsPageOperations(services.items),
    moderation: moderationPageOperations(services.items),
    search: searchPageOperations(services.search),
    social: socialPageOperations(services.social),
    chat: chatPageOperations(services.chat),
    ratings: ratingPageOperations(services.ratings),
  };
}

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type onSendHookHandler } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';
import { appContext } from '#app-context';
import { APP_VERSION } from '../contract/api.ts';
import { itemIdFromName } from '../contract/items.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerApiRateLimit } from './http/api-rate-limit.ts';
import { builtFileHeaders, registerOfflinePage } from './http/app-shell.ts';
import { registerErrorHandling, sendError } from './http/errors.ts';
import { finishRequestsBeforeClosing } from './http/in-flight.ts';
import { requestLanguage } from './http/language.ts';
import { serverSchemaRegistry } from './http/openapi-schemas.ts';
import { pageStoreFor, registerPageCache } from './http/page-cache.ts';
import { registerPageFormParsers, requireFormBody } from './http/page-forms.ts';
import { registerRequestChecks } from './http/request-checks.ts';
import {
  joinSources,
  razorpaySourcesOf,
  type SecurityHeaders,
  securityHeaders,
  stripeSourcesOf,
  tileSourceOf,
} from './http/security-headers.ts';
import {
  currentViewer,
  hasSessionCookie,
  isCrossSiteRequest,
  isCrossSiteWrite,
  registerViewerSource,
  SESSION_COOKIE_NAME,
} from './http/session.ts';
import { registerUploads, type UploadLimits } from './http/uploads.ts';
import { type IdentifyVisitor, keepVisitorCookiesPrivate, visitorIdentities } from './http/visitor.ts';
import { registerWholePages, wholePageOf } from './http/whole-pages.ts';
import { translate } from './i18n.ts';
import type { Clock } from './kernel/clock.ts';
import { AppError } from './kernel/errors.ts';
import type { JobQueue } from './kernel/jobs.ts';
import { createTempFiles, logNoSpace } from './kernel/storage/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { accountRoutes, authCallbackRoutes, authRoutes, authSecret } from './modules/auth/index.ts';
import { chatRoutes } from './modules/chat/index.ts';
import { contentRoutes } from './modules/content/index.ts';
import { itemMediaRoutes, itemRoutes, moderationRoutes, recentlyViewedRoutes } from './modules/items/index.ts';
import { lookupRoutes } from './modules/lookups/index.ts';
import { imageDecodeSeconds, MAX_UPLOAD_BYTES } from './modules/media/index.ts';
import { membershipRoutes } from './modules/memberships/index.ts';
import { notificationRoutes, pushRoutes } from './modules/notifications/index.ts';
import { paymentRoutes } from './modules/payments/index.ts';
import { promotionRoutes } from './modules/promotions/index.ts';
import { ratingRoutes } from './modules/ratings/index.ts';
import { registerSitemapRoutes, searchRoutes } from './modules/search/index.ts';
import { appInfoRoutes } from './modules/settings/index.ts';
import { socialRoutes } from './modules/social/index.ts';
import { registerSystemRoutes } from './modules/system/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { registerRealtime } from './realtime/gateway.ts';
import { createServices, pageServices, type Services } from './services.ts';

const SERVER_BUILD = 'build/server/index.js';
const BUILT_ASSETS_PREFIX = '/assets/';
const HEADERS_TIMEOUT_MS = 15_000;
/** Any upload streams to disk within the largest file a pipeline takes; a page form carries at most an item's files. */
const UPLOAD_LIMITS: UploadLimits = { maxFileBytes: MAX_UPLOAD_BYTES, maxPageFiles: 6 };

export interface BuildOptions {
  config: Config;
  database: Pick<Database, 'db' | 'pool'> & Partial<Pick<Database, 'isAlive' | 'url'>>;
  /** Where the JSON log goes (standard output unless a test reads it). */
  logStream?: DestinationStream;
  /** Vite's dev server in `npm run dev`; absent in production. */
  vite?: ViteDevServer;
  /** Serve the web app too (API-only instances are used by API tests). */
  web?: boolean;
  /** The durable job queue; its owner starts it after building the app and stops it after closing the app. */
  jobs: JobQueue;
  /** Where calendar rules read "now" (the system clock unless a test moves its own). */
  clock?: Clock;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      stream: options.logStream,
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    ...socketTimeouts(config),
    // A path that is not valid percent-encoding fails before any hook: still the error envelope.
    frameworkErrors: (_error, request, reply) => sendError(request, reply, new AppError(400, 'errors.invalidRequest')),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  finishRequestsBeforeClosing(app);

  await app.register(fastifyCookie);
  registerRequestChecks(app, config);
  const security = registerSecurityHeaders(app, config);
  keepVisitorCookiesPrivate(app);
  await registerCompression(app);
  await registerOpenApi(app);
  await registerUploads(app, createTempFiles(config.uploadTempDir, logNoSpace(app.log)), UPLOAD_LIMITS);

  const services = createServices(database.db, config, app.log, options.jobs, {
    databaseUrl: database.url,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  app.addHook('onClose', () => services.close());
  await services.changeNotices.start();
  registerViewerSource(app, services.auth);
  registerSystemRoutes(app, {
    pool: database.pool,
    isDatabaseAlive: database.isAlive ?? (() => true),
    metricsToken: config.METRICS_TOKEN,
    jobCounts: () => options.jobs.counts(),
    metrics: [imageDecodeSeconds],
  });
  const catalog = {
    publishedCategories: () => services.lookups.publishedCategories(),
    publishedPostDates: () => services.content.publishedPostDates(),
  };
  registerSitemapRoutes(app, { db: database.db, catalog, publicUrl: config.publicUrl });
  registerPageActionOriginCheck(app, config);
  await app.register((api) => registerApi(api, config, services), { prefix: '/api/v1' });
  await registerRealtime(app, {
    chat: services.chat,
    unreadNotices: (userId) => services.notifications.unreadCount({ userId }),
    events: services.events,
    pubsub: services.pubsub,
    presence: services.presence,
    openSessions: (sessionIds) => services.auth.openSessions(sessionIds),
    frameLimits: services.frameLimits,
    allowedOrigins: [new URL(config.publicUrl).origin],
    log: app.log,
  });
  await app.register(authCallbackRoutes, { prefix: '/api/auth', library: services.authLibrary });

  mkdirSync(config.uploadsDir, { recursive: true });
  // Every stored file gets a new name, so a stored file never changes: browsers may keep it for a year.
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    // Dealers' certificates are stored under private/: operators read them through the console's API only.
    allowedPath: (pathName) => !pathName.replace(/^\/+/, '').startsWith('private/'),
  });
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect('/favicon.svg', 301));
  registerOfflinePage(app);

  if (options.web !== false) {
    await app.register(async (web) => {
      await registerPages(web, options, services, security);
      registerPageFormParsers(web, UPLOAD_LIMITS);
    });
  }
  return app;
}

/** The API under /api/v1: a request limit per address, the same-site check for writes, each module's routes. */
async function registerApi(api: FastifyInstance, config: Config, services: Services) {
  await registerApiRateLimit(api, config);
  api.addHook('onRequest', async (request) => {
    if (isCrossSiteWrite(request, [config.publicUrl])) throw new AppError(403, 'api.crossSite');
  });
  await api.register(appInfoRoutes, { appInfo: services.appInfo });
  await api.register(lookupRoutes, { lookups: services.lookups, banners: services.banners });
  await api.register(contentRoutes, { content: services.content });
  await api.register(authRoutes, { auth: services.auth });
  await api.register(accountRoutes, { auth: services.auth, users: services.users });
  await api.register(userRoutes, { users: services.users });
  await api.register(searchRoutes, { search: services.search });
  await api.register(itemRoutes, { items: services.items, identifyVisitor: visitors(services, config) });
  await api.register(itemMediaRoutes, { itemMedia: services.itemMedia });
  await api.register(moderationRoutes, { items: services.items });
  await api.register(recentlyViewedRoutes, { items: services.items });
  await api.register(socialRoutes, { social: services.social });
  await api.register(chatRoutes, { chat: services.chat });
  await api.register(ratingRoutes, { ratings: services.ratings });
  await api.register(paymentRoutes, { payments: services.payments });
  await api.register(promotionRoutes, { promotions: services.promotions, bumps: services.bumps });
  await api.register(membershipRoutes, { memberships: services.memberships });
  await api.register(notificationRoutes, { notifications: services.notifications });
  await api.register(pushRoutes, { push: services.push });
  await api.register(adminRoutes, { admin: services.admin, users: services.users });
  api.all('/*', async (request, reply) => sendError(request, reply, new AppError(404, 'api.routeNotFound')));
}

/** The React Router app; called directly (not registered) so the form parsers set after it apply to its routes. */
async function registerPages(
  web: FastifyInstance,
  options: BuildOptions,
  services: Services,
  security: SecurityHeaders,
) {
  const operations = pageServices(services);
  const cookieSecret = authSecret(options.config);
  const identifyVisitor = visitors(services, options.config);
  const pageCache = {
    cache: services.visitorCache,
    seconds: options.config.PAGE_CACHE_SECONDS,
    onHit: (request: FastifyRequest, reply: FastifyReply) =>
      countCachedItemView(request, reply, services, identifyVisitor),
    logError: (error: unknown) => web.log.error({ err: error }, 'a page could not be kept in the visitor cache'),
  };
  registerPageCache(web, pageCache);
  registerWholePages(web);
  const mapTiles = { url: options.config.MAP_TILE_URL, attribution: options.config.MAP_TILE_ATTRIBUTION };
  await fastifyReactRouter(web, {
    devServer: options.vite,
    // Loaded once here: the adapter's default re-imports the build module on every request.
    build: options.vite ? undefined : await loadServerBuild(),
    // Built files are sent as they are, or their .br/.gz copy written at build time (react-router.config.ts).
    staticOptions: { preCompressed: true, setHeaders: builtFileHeaders },
    async getLoadContext(request, reply) {
      const page = security.forPage();
      if (page) reply.header('content-security-policy', page.policy);
      const context = new RouterContextProvider();
      context.set(appContext, {
        services: operations,
        cspNonce: page?.nonce ?? '',
        clientIp: request.ip,
        visitorId: async () => (await identifyVisitor(request, reply)).id,
        cookieSecret,
        publicUrl: options.config.publicUrl,
        mapTiles,
        viewer: await currentViewer(request, reply),
        storePage: pageStoreFor(request, pageCache, page?.policy),
        sendWhole: wholePageOf(request),
        uploads: request.receivedFiles ?? [],
        logError: (error, details) => request.log.error({ err: error, ...details }, 'page error'),
      });
      return context;
    },
    // Pages are not API operations: kept out of the OpenAPI document.
    routeOptions: { preValidation: requireFormBody, schema: { hide: true } },
  });
}

/** Who a visitor is, for counting views (server/http/visitor.ts). */
const visitors = (services: Services, config: Config) => visitorIdentities(authSecret(config), services.newVisitorIds);

/** An item page answered from the visitor cache still counts its view, as its loader would have. */
async function countCachedItemView(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  identifyVisitor: IdentifyVisitor,
) {
  const [, first, itemName] = request.url.split('?', 1)[0]?.split('/') ?? [];
  if (first !== 'item' || !itemName) return;
  let itemId: string | null = null;
  try {
    itemId = itemIdFromName(decodeURIComponent(itemName));
  } catch {
    return;
  }
  if (!itemId) return;
  const { id } = await identifyVisitor(request, reply);
  services.items
    .countView(itemId, null, id)
    .catch((error: unknown) => request.log.error({ err: error, itemId }, 'a view could not be counted'));
}

async function loadServerBuild() {
  const file = path.resolve(SERVER_BUILD);
  if (!existsSync(file)) throw new Error(`The web app is not built (${file} is missing). Run "npm run build".`);
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}

/**
 * Slow clients are cut off: the headers must arrive within HEADERS_TIMEOUT_MS and the whole request within
 * REQUEST_TIMEOUT_SECONDS (default 180 s: an 8 MB photo from a phone on a link of about 400 kbit/s), so a
 * body that never finishes cannot hold a socket. Idle keep-alive sockets close after 72 s, longer than the
 * 60 s idle timeout of common load balancers (which must close first to avoid a race).
 */
function socketTimeouts(config: Config) {
  const requestTimeout = config.REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    requestTimeout,
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      // How often Node looks for requests past these limits (its default, 30 s, would let them overrun).
      connectionsCheckingInterval: Math.min(1_000, requestTimeout / 2),
    },
  };
}

/**
 * Page actions (form posts to pages) must come from this site. React Router compares the Origin header
 * only; a browser that sends just `Sec-Fetch-Site: cross-site` (or a foreign Origin) is refused here.
 * The OAuth callbacks under /api/auth are posted by the providers and are left to the library.
 */
function registerPageActionOriginCheck(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/') || !isCrossSiteRequest(request, [config.publicUrl])) return;
    reply.code(403).type('text/plain; charset=utf-8');
    return reply.send(translate(requestLanguage(request), 'api.crossSite'));
  });
}

/**
 * API answers and pages are compressed as they are sent (brotli at quality 4, the plugin's default: cheap
 * enough per request). Built assets never are: they have .br and .gz copies made at build time, and the
 * hook, added before the plugin's, keeps the plugin off their routes.
 *
 * A body already in memory up to SYNC_COMPRESSION_BYTES is compressed in one call. The plugin's default on two
 * cores is 8 KB, above which it streams through the thread pool: signed-in `/` (100 KB) then cost about 3 ms
 * of CPU a page in the pool at 10 connections, against about 1 ms to compress it at once (bench/README.md).
 */
const SYNC_COMPRESSION_BYTES = 512 * 1024;

function registerCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith(BUILT_ASSETS_PREFIX)) return;
    route.compress = false;
    // The file sent depends on Accept-Encoding; the adapter's @fastify/static 9 does not say so itself.
    route.onSend = [route.onSend ?? []].flat().concat(varyOnEncoding);
  });
  return app.register(fastifyCompress, { threshold: 1024, syncThreshold: SYNC_COMPRESSION_BYTES });
}

const varyOnEncoding: onSendHookHandler = (_request, reply, payload, done) => {
  reply.header('vary', 'accept-encoding');
  done(null, payload);
};

/** Stripe.js and Razorpay's checkout are allowed only where they can take payments: with their keys configured. */
function providerScriptSources(config: Config) {
  return joinSources(
    ...(config.STRIPE_SECRET_KEY ? [stripeSourcesOf(config.STRIPE_JS_URL, config.STRIPE_API_URL)] : []),
    ...(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
      ? [razorpaySourcesOf(config.RAZORPAY_CHECKOUT_URL, config.RAZORPAY_API_URL)]
      : []),
  );
}

/** Helmet's headers and the permissions policy on every answer; pages add their script nonce (registerPages). */
function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const security = securityHeaders({
    development: config.NODE_ENV === 'development',
    https: config.publicUrl.startsWith('https:'),
    imageSources: [tileSourceOf(config.MAP_TILE_URL)],
    paymentSources: providerScriptSources(config),
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security.common);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (isPrivateAnswer(request, reply)) reply.header('cache-control', 'no-store');
  });
  return security;
}

/**
 * Answers that depend on who asks are never stored by browsers or shared caches: every answer to a
 * request carrying a session cookie or a bearer token, every sign-in route, and any answer that sets a
 * session. Static files (built assets, uploads) keep their own caching.
 */
function isPrivateAnswer(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url;
  if (url.startsWith('/assets/') || url.startsWith('/uploads/')) return false;
  if (url.startsWith('/api/v1/auth/') || url.startsWith('/api/auth/')) return true;
  if (request.headers.authorization?.startsWith('Bearer ') || hasSessionCookie(request)) return true;
  const setCookie = reply.getHeader('set-cookie');
  return [setCookie].flat().some((cookie) => String(cookie ?? '').includes(SESSION_COOKIE_NAME));
}

async function registerOpenApi(app: FastifyInstance) {
  const schemaRegistry = serverSchemaRegistry();
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Souk API',
        version: APP_VERSION,
        description:
          'REST API of Souk. Every answer is an envelope { code, status, message, data }. Error messages are ' +
          'translated (?lang=, the lang cookie or Accept-Language) and, when the machine code differs from the ' +
          'HTTP status, prefixed "code##". Lists take limit/offset or the opaque next_cursor of the previous page.',
      },
      tags: [
        {
          name: 'app',
          description: 'What a client asks at start: versions, settings, its account state and deletions since a date',
        },
        { name: 'lookups', description: 'Categories, locations and the other reference lists' },
        { name: 'content', description: 'Pages, blog and messages to the operator' },
        {
          name: 'accounts',
          description:
            'Sign-up, sign-in (e-mail, phone code), sessions and profiles. Browsers get an httpOnly session ' +
            'cookie; API clients send the returned token as "Authorization: Bearer <token>". A session ends ' +
            'one day after its last request.',
        },
        {
          name: 'items',
          description:
            'Listings: posting and editing (photos and video are uploaded first, then named by id), item pages, ' +
            'views, the seller’s own lists and the moderation queue',
        },
        {
          name: 'search',
          description: 'Public item lists with every filter, text, map radius and keyset paging; search suggestions',
        },
        {
          name: 'social',
          description:
            'Favourites, follows, blocks and reports, and their lists. Each toggle says the state wanted, so ' +
            'sending it twice changes nothing; a blocked pair stops seeing each other’s items and profiles.',
        },
        {
          name: 'chat',
          description:
            'Conversations about items, their messages and the offer flow (offer, accept or reject, sold, bought). ' +
            'The same messages arrive live on the WebSocket /ws (signed in by the session, from this site only): ' +
            'frames ping, send {chat_id, client_id, message}, typing, read and watch; answers pong, ready, ' +
            'message, ack, chat, typing, presence, unread and error. A client_id sent twice stores one message.',
        },
        {
          name: 'ratings',
          description: 'Reviews between the two sides of a completed deal, and each person’s reviews',
        },
        {
          name: 'notifications',
          description:
            'The notification centre: the list (grouped), detail, read marks, choices per kind of in-app, push and ' +
            'e-mail, and the one-click unsubscribe of mails. The unread count also arrives live on /ws (frame notices). ' +
            'Push to this browser (Web Push with VAPID) or a phone (an FCM token): the server’s key, registering and ' +
            'removing a subscription.',
        },
        {
          name: 'payments',
          description:
            'Paid promotion and payments. Prices are the server’s, from the operator’s settings; a payment counts ' +
            'only once its provider confirms it when asked (or an operator approves an offline one). Providers ' +
            'post their signed events to /webhooks/{method}.',
        },
        { name: 'admin', description: 'Decisions on accounts, for administrators' },
      ],
    },
    transform: createJsonSchemaTransform({ schemaRegistry }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

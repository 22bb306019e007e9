import type { FastifyBaseLogger as Logger } from 'fastify';
import type { PageServices } from '#app-context';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { createMailer } from './kernel/mail.ts';
import { createLimiterFactory } from './kernel/rate-limit.ts';
import { createSmsSender } from './kernel/sms.ts';
import { createAuthLibrary } from './modules/auth/library.ts';
import { authSecret } from './modules/auth/secret.ts';
import { type AuthService, authServiceFor } from './modules/auth/service.ts';
import { ContentService } from './modules/content/service.ts';
import { LookupsService } from './modules/lookups/service.ts';
import { UsersService } from './modules/users/service.ts';

export interface Services {
  lookups: LookupsService;
  content: ContentService;
  auth: AuthService;
  users: UsersService;
  authLibrary: ReturnType<typeof createAuthLibrary>;
  close(): Promise<void>;
}

export function createServices(db: Db, config: Config, logger: Logger): Services {
  const limiters = createLimiterFactory(config.REDIS_URL);
  const mailer = createMailer(config, logger);
  const authLibrary = createAuthLibrary({
    db,
    config,
    secret: authSecret(config),
    mailer,
    sms: createSmsSender(config, logger),
  });
  const auth = authServiceFor(db, authLibrary, config, { createLimiter: limiters.createLimiter, mailer });
  return {
    lookups: new LookupsService(db),
    content: new ContentService(db, limiters.createLimiter),
    auth,
    users: new UsersService(db, config.uploadsDir, (userId) => auth.endAllSessions(userId), limiters.createLimiter),
    authLibrary,
    close: () => limiters.close(),
  };
}

/** The part of the services that page loaders use. */
export function pageServices(services: Services): PageServices {
  return {
    listCategories: (query, language) => services.lookups.listCategories(query, language),
    getCategory: (catId, language) => services.lookups.findCategory(catId, language),
    listSubcategories: (catId, query, language) => services.lookups.listSubcategories(catId, query, language),
    listDealOptions: (query, language) => services.lookups.listSimple('deal-options', query, language),
    getContentPage: (kind, language) => services.content.findPage(kind, language),
    listBlogs: (query, language) => services.content.listBlogs(query, language),
    getBlog: (id, language) => services.content.findBlog(id, language),
    sendContactMessage: (input, sender) => services.content.sendContactMessage(input, sender),
    listCities: async (language) => {
      const query = { limit: 200, offset: 0, orderBy: 'ordering', orderType: 'asc' } as const;
      const page = await services.lookups.listLocations(query, language);
      return page.items.map(({ id, name }) => ({ id, name }));
    },
    auth: services.auth,
    users: services.users,
  };
}

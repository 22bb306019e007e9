import type { PageServices } from '#app-context';
import type { Db } from './db/database.ts';
import { ContentService } from './modules/content/service.ts';
import { LookupsService } from './modules/lookups/service.ts';

export interface Services {
  lookups: LookupsService;
  content: ContentService;
}

export function createServices(db: Db): Services {
  return { lookups: new LookupsService(db), content: new ContentService(db) };
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
  };
}

import type { PageServices } from '#app-context';
import type { Db } from './db/database.ts';
import { LookupsService } from './modules/lookups/service.ts';

export interface Services {
  lookups: LookupsService;
}

export function createServices(db: Db): Services {
  return { lookups: new LookupsService(db) };
}

/** The part of the services that page loaders use. */
export function pageServices(services: Services): PageServices {
  return {
    listCategories: (query, language) => services.lookups.listCategories(query, language),
    getCategory: (catId, language) => services.lookups.findCategory(catId, language),
    listSubcategories: (catId, query, language) => services.lookups.listSubcategories(catId, query, language),
  };
}

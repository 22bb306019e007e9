import { createContext } from 'react-router';
import type { Paged } from '../contract/api.ts';
import type { LanguageCode } from '../contract/constants.ts';
import type { Category, Subcategory } from '../contract/entities.ts';

/**
 * What route loaders may ask of the server. The server provides it per request through React Router's
 * load context; this module is shared by both sides (package import `#app-context`) so they use one token.
 */
export interface ListQuery {
  limit: number;
  offset: number;
  orderBy: 'name' | 'ordering';
  orderType: 'asc' | 'desc';
}

export interface PageServices {
  listCategories(query: ListQuery, language: LanguageCode): Promise<Paged<Category>>;
  getCategory(catId: number, language: LanguageCode): Promise<Category | null>;
  listSubcategories(catId: number, query: ListQuery, language: LanguageCode): Promise<Paged<Subcategory>>;
}

export interface AppContext {
  services: PageServices;
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
}

export const appContext = createContext<AppContext>();

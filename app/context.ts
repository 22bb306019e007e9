import { createContext } from 'react-router';
import type { Blog, ContactMessageInput, ContentPage, ContentPageKind } from '../contract/content.ts';
import type { LanguageCode } from '../contract/language.ts';
import type { Category, Lookup, Subcategory } from '../contract/lookups.ts';
import type { ReceivedUpload } from '../contract/media.ts';
import type { Paged } from '../contract/paging.ts';
import type { AuthService, Viewer } from '../server/modules/auth/service.ts';
import type { UsersService } from '../server/modules/users/service.ts';

export type { RequestMeta, SignedIn, Viewer } from '../server/modules/auth/service.ts';

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
  listDealOptions(query: ListQuery, language: LanguageCode): Promise<Paged<Lookup>>;
  getContentPage(kind: ContentPageKind, language: LanguageCode): Promise<ContentPage | null>;
  listBlogs(
    query: { limit: number; offset: number; searchterm?: string },
    language: LanguageCode,
  ): Promise<Paged<Blog>>;
  getBlog(id: number, language: LanguageCode): Promise<Blog | null>;
  /** Throws an error with status 429 when this address has sent too many. */
  sendContactMessage(input: ContactMessageInput, sender: { ip: string }): Promise<void>;
  /** The cities people can choose for their profile, in the page's language. */
  listCities(language: LanguageCode): Promise<Array<{ id: number; name: string }>>;
  /** Sign-up, sign-in and sessions (type-only reference: pages never import server code). */
  auth: AuthService;
  users: UsersService;
}

export interface AppContext {
  services: PageServices;
  /** Nonce of this response's Content-Security-Policy, for inline scripts. */
  cspNonce: string;
  /** The visitor's address (for per-address limits). */
  clientIp: string;
  /** The signed-in user, or null for a visitor ("nologinuser"). */
  viewer: Viewer | null;
  /** The files of this request's multipart form, already streamed to temporary files (never in memory). */
  uploads: ReceivedUpload[];
  /** Writes a failure of this page to the server's JSON log (one line, the error serialized). */
  logError(error: unknown, details?: Record<string, unknown>): void;
}

export const appContext = createContext<AppContext>();

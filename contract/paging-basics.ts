// Page sizes and paging limits without schemas: pages load these, so they must not bring zod along.
// contract/paging.ts re-exports them with the paging schemas.

export const PAGE_SIZE = {
  items: 10,
  blogs: 30,
  categories: 30,
  chatHistory: 30,
  locations: 30,
  featured: 10,
  isUserBought: 30,
  /** Lookups the spec gives no size for use the locations size. */
  lookups: 30,
} as const;

/** Largest page any list accepts, whatever the caller asks for. */
export const MAX_PAGE_SIZE = 100;

/** The furthest a list may be paged: deeper pages are refused (400) rather than scanned. */
export const MAX_OFFSET = 1_000_000;

export interface Paged<T> {
  items: T[];
  limit: number;
  offset: number;
  /** Opaque token for the next page, or null when this page is the last. */
  next_cursor: string | null;
}

import { z } from 'zod';

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

export const orderTypeSchema = z.enum(['asc', 'desc']);

/** limit/offset paging, or the opaque `cursor` a previous page returned (it wins over offset). */
export const pageQuerySchema = (defaultLimit: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0),
    cursor: z.string().max(200).optional(),
  });

export interface Paged<T> {
  items: T[];
  limit: number;
  offset: number;
  /** Opaque token for the next page, or null when this page is the last. */
  next_cursor: string | null;
}

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    limit: z.number().int(),
    offset: z.number().int(),
    next_cursor: z.string().nullable(),
  });

import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

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

import { z } from 'zod';
import { MAX_OFFSET, MAX_PAGE_SIZE } from './paging-basics.ts';

export { MAX_OFFSET, MAX_PAGE_SIZE, PAGE_SIZE, type Paged } from './paging-basics.ts';

export const orderTypeSchema = z.enum(['asc', 'desc']);

/** limit/offset paging, or the opaque `cursor` a previous page returned (it wins over offset). */
export const pageQuerySchema = (defaultLimit: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0),
    cursor: z.string().max(200).optional(),
  });

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    limit: z.number().int(),
    offset: z.number().int(),
    next_cursor: z.string().nullable(),
  });

import { z } from 'zod';
import type { Paged } from '../../contract/paging.ts';
import { MAX_OFFSET } from '../../contract/paging.ts';
import { badRequest } from './errors.ts';

export interface PageRequest {
  limit: number;
  offset: number;
  cursor?: string | undefined;
}

/** What a cursor carries; anyone can forge one, so it is checked like any other input. */
const cursorSchema = z.strictObject({ o: z.number().int().min(0).max(MAX_OFFSET) });

/** The offset a page starts at: the cursor's when one is given, else the offset parameter. */
export function resolveOffset(page: PageRequest): number {
  if (!page.cursor) return page.offset;
  const decoded = cursorSchema.safeParse(parseJson(Buffer.from(page.cursor, 'base64url').toString('utf8')));
  if (decoded.success) return decoded.data.o;
  throw badRequest('errors.invalidParameter', { field: 'cursor' });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Builds a page from rows fetched with limit + 1, so "is there more" costs no count query. */
export function toPage<T>(rows: T[], limit: number, offset: number): Paged<T> {
  const hasMore = rows.length > limit;
  const nextOffset = offset + limit;
  return {
    items: hasMore ? rows.slice(0, limit) : rows,
    limit,
    offset,
    next_cursor:
      hasMore && nextOffset <= MAX_OFFSET ? Buffer.from(JSON.stringify({ o: nextOffset })).toString('base64url') : null,
  };
}

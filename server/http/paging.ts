import type { Paged } from '../../contract/api.ts';
import { badRequest } from './errors.ts';

export interface PageRequest {
  limit: number;
  offset: number;
  cursor?: string | undefined;
}

/** The offset a page starts at: the cursor's when one is given, else the offset parameter. */
export function resolveOffset(page: PageRequest): number {
  if (!page.cursor) return page.offset;
  try {
    const value = JSON.parse(Buffer.from(page.cursor, 'base64url').toString('utf8')) as { o?: unknown };
    if (typeof value.o === 'number' && Number.isInteger(value.o) && value.o >= 0) return value.o;
  } catch {
    // falls through to the error below
  }
  throw badRequest('api.invalidParameter', { field: 'cursor' });
}

/** Builds a page from rows fetched with limit + 1, so "is there more" costs no count query. */
export function toPage<T>(rows: T[], limit: number, offset: number): Paged<T> {
  const hasMore = rows.length > limit;
  const nextOffset = offset + limit;
  return {
    items: hasMore ? rows.slice(0, limit) : rows,
    limit,
    offset,
    next_cursor: hasMore ? Buffer.from(JSON.stringify({ o: nextOffset })).toString('base64url') : null,
  };
}

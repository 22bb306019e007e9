import { z } from 'zod';
import { MAX_OFFSET } from '../../../contract/paging.ts';
import { badRequest } from '../../kernel/errors.ts';

/**
 * Where the next page of a list starts. Newest and most viewed lists continue after the last row's sort
 * value and id (keyset: page 50 costs what page 1 costs); best match and nearest lists, whose candidates
 * are capped or bounded by the radius, continue at an offset. `phase` says which part of the list is being walked
 * (paid items first when asked, sold ones last). The first page's count travels along, so later pages skip it.
 */
const cursorSchema = z.strictObject({
  phase: z.enum(['paid', 'rest', 'sold']).optional(),
  after: z.tuple([z.union([z.string().max(40), z.number()]), z.uuid()]).optional(),
  offset: z.number().int().min(0).max(MAX_OFFSET).optional(),
  total: z.tuple([z.number().int().min(0), z.boolean()]),
});
export type SearchCursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** A cursor from the query string; anyone can forge one, so it is checked like any other input. */
export function decodeCursor(text: string): SearchCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = cursorSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest('errors.invalidParameter', { field: 'cursor' });
}

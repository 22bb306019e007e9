import { z } from 'zod';

/** The largest PostgreSQL `integer`: serial ids (categories, cities, blogs...) never exceed it. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** A serial id from a path, query or form: a whole number from 1 to MAX_SERIAL_ID. */
export const serialIdSchema = z.coerce.number().int().positive().max(MAX_SERIAL_ID);

/** A serial id written in a page address, or null when it is not one (the page then answers 404). */
export function parseSerialId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_SERIAL_ID ? id : null;
}

/** Account ids: UUIDs from the auth library, readable ones from the demo data ("demo-user-11"). */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const userIdSchema = z.string().regex(USER_ID_PATTERN);
export const isUserId = (text: string | undefined): text is string => Boolean(text && USER_ID_PATTERN.test(text));

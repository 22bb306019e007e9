// Id formats without schemas: pages check an address's ids with these, so they must not bring zod along.
// contract/ids.ts re-exports them with the id schemas.

/** The largest PostgreSQL `integer`: serial ids (categories, cities, blogs...) never exceed it. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** A serial id written in a page address, or null when it is not one (the page then answers 404). */
export function parseSerialId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_SERIAL_ID ? id : null;
}

/** Account ids: UUIDs from the auth library, readable ones from the demo data ("demo-user-11"). */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const isUserId = (text: string | undefined): text is string => Boolean(text && USER_ID_PATTERN.test(text));

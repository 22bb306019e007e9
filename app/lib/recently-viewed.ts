import { RECENTLY_VIEWED_KEPT } from '../../contract/item-basics.ts';
import { RECENTLY_VIEWED_KEY } from './recently-viewed-key.ts';

/**
 * A visitor's recently viewed listings, kept in their browser (issue 22): item ids, the latest first, at most
 * RECENTLY_VIEWED_KEPT. A signed-in person's list is kept on the server instead. Storage may be missing or
 * refused (private windows, a full quota): then nothing is kept, and nothing fails.
 */
export { RECENTLY_VIEWED_KEY };

const ITEM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids kept, as far as they are ids (a hand-edited value is ignored). */
export function readRecentlyViewed(storage: Pick<Storage, 'getItem'> | null = browserStorage()): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENTLY_VIEWED_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const ids = parsed.filter((id): id is string => typeof id === 'string' && ITEM_ID.test(id));
    return [...new Set(ids)].slice(0, RECENTLY_VIEWED_KEPT);
  } catch {
    return [];
  }
}

/** The list with this item at the front (moved there when it was already in it), the oldest dropped. */
export function withViewed(ids: string[], itemId: string): string[] {
  return [itemId, ...ids.filter((id) => id !== itemId)].slice(0, RECENTLY_VIEWED_KEPT);
}

/** Puts the item at the front of the browser's list. */
export function rememberInBrowser(itemId: string, storage: Storage | null = browserStorage()) {
  if (!ITEM_ID.test(itemId)) return;
  try {
    storage?.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(withViewed(readRecentlyViewed(storage), itemId)));
  } catch {
    // Storage refused (quota, private mode): the list is only a convenience.
  }
}

/** Forgets the browser's list. */
export function clearBrowserList(storage: Storage | null = browserStorage()) {
  try {
    storage?.removeItem(RECENTLY_VIEWED_KEY);
  } catch {
    // As above: nothing to do when storage is refused.
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

import { apiPost } from './api-client.ts';
import { clearBrowserList, readRecentlyViewed } from './recently-viewed.ts';

/** Sends the browser's recently viewed to the account's list and forgets it; answers whether anything went. */
export async function sendBrowserList(): Promise<boolean> {
  const ids = readRecentlyViewed();
  if (ids.length === 0) return false;
  await apiPost('/api/v1/users/me/recently-viewed', { item_ids: ids });
  clearBrowserList();
  return true;
}

import { type AppContext, appContext } from '#app-context';
import type { OwnerList } from '../../../../contract/items.ts';
import { MAX_OFFSET, PAGE_SIZE } from '../../../../contract/paging.ts';
import type { Viewer } from '../../../../contract/session.ts';
import { pageLanguage } from '../../../lib/cookies.server.ts';

type RouterContext = { get(key: typeof appContext): AppContext };

/** `?offset=` of a list page (a link without JavaScript), kept within what lists accept. */
export function offsetOf(request: Request): number {
  const value = Number(new URL(request.url).searchParams.get('offset') ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? Math.min(value, MAX_OFFSET) : 0;
}

/** The first page of one of the viewer's own lists (the browser asks /api/v1/items/mine for the next ones). */
export async function loadMyItems(request: Request, context: RouterContext, viewer: Viewer, list: OwnerList) {
  const language = await pageLanguage(request);
  const firstPage = await context
    .get(appContext)
    .services.items.listMine(viewer, list, { limit: PAGE_SIZE.items, offset: offsetOf(request) }, language);
  return { list, firstPage, language };
}

/** The first page of a seller's sold items, as the viewer may see them (their profile). */
export async function loadSoldItems(request: Request, context: RouterContext, userId: string) {
  const { services, viewer } = context.get(appContext);
  const language = await pageLanguage(request);
  return services.items.listSoldBy(userId, viewer, { limit: PAGE_SIZE.items, offset: 0 }, language);
}

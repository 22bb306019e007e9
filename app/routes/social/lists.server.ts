import { data } from 'react-router';
import { type AppContext, appContext } from '#app-context';
import { isUserId } from '../../../contract/ids.ts';
import { PAGE_SIZE } from '../../../contract/paging.ts';
import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { offsetOf } from '../../features/items/lists/my-items.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';

type RouterContext = { get(key: typeof appContext): AppContext };

/** The first page of a list of the signed-in person's (a visitor is sent to login and back to `page`). */
export async function signedInList(request: Request, context: RouterContext, page: string) {
  const viewer = requireSignedIn(context, page);
  const { services } = context.get(appContext);
  const window = { limit: PAGE_SIZE.items, offset: offsetOf(request) };
  return { viewer, services, window, language: await pageLanguage(request) };
}

/**
 * Whose followers or followings a page shows: `?user_id=`, else the signed-in person (a visitor without one
 * goes to login). Their profile as the viewer may see it: 404 when hidden from them (a block included).
 */
export async function personOfList(request: Request, context: RouterContext, page: 'followers' | 'following') {
  const { services, viewer } = context.get(appContext);
  const asked = new URL(request.url).searchParams.get('user_id');
  const userId = asked ?? requireSignedIn(context, page).userId;
  if (!isUserId(userId)) throw data(null, { status: 404 });
  try {
    const user = await services.users.profile(userId, viewer);
    const window = { limit: PAGE_SIZE.lookups, offset: offsetOf(request) };
    const firstPage = await services.social[page](userId, viewer, window);
    return { user, firstPage, isMine: viewer?.userId === userId };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

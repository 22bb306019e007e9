import { data, redirect } from 'react-router';
import { type AppContext, appContext } from '#app-context';
import { redirectQueryFor } from './redirect.ts';

type RouterContext = { get(key: typeof appContext): AppContext };

/**
 * The viewer of an operators' page: visitors go to login and come back here; signed-in members who are not
 * admins get `refusal` (403 where the page says why, 404 where it keeps to itself).
 */
export function requireAdmin(request: Request, context: RouterContext, refusal: 403 | 404 = 403) {
  const viewer = context.get(appContext).viewer;
  const url = new URL(request.url);
  if (!viewer) throw redirect(`/login${redirectQueryFor(url.pathname, url.search)}`);
  if (!viewer.isAdmin) throw data(null, { status: refusal });
  return viewer;
}

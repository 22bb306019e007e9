import { redirect } from 'react-router';
import { type AppContext, appContext } from '#app-context';
import { redirectQueryFor } from '../../lib/redirect.ts';

type RouterContext = { get(key: typeof appContext): AppContext };

/** The signed-in person; a visitor goes to login, and comes back to this very address (a listing, a receipt). */
export function signedInPayer(request: Request, context: RouterContext) {
  const viewer = context.get(appContext).viewer;
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(`/login${redirectQueryFor(url.pathname, url.search)}`);
  }
  return viewer;
}

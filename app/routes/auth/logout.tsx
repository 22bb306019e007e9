import { redirect } from 'react-router';
import { appContext } from '#app-context';
import { pageRequestMeta } from '../../features/accounts/account.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import type { Route } from './+types/logout';

/** Ends the session and returns to the dashboard (SPEC.md 2 Layout). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, viewer } = context.get(appContext);
  const cookies = await services.auth.logout(await pageRequestMeta(request, context), viewer);
  const headers = new Headers();
  for (const cookie of [...cookies, await flashCookie(context, 'auth.loggedOut')]) headers.append('Set-Cookie', cookie);
  return redirect('/', { headers });
}

export function loader() {
  return redirect('/');
}

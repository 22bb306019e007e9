import { redirect } from 'react-router';
import { flashCookie } from '../../lib/cookies.server.ts';
import { redirectTarget } from '../../lib/redirect.ts';
import type { Route } from './+types/complete';

/** Where a provider sign-in lands once the session cookie is set: say 'Login Success' and go on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const target = redirectTarget(new URL(request.url).searchParams);
  return redirect(target, { headers: { 'Set-Cookie': await flashCookie(context, 'messages.loginSuccess') } });
}

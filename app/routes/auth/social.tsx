import { redirect } from 'react-router';
import { appContext } from '#app-context';
import { SOCIAL_LOGIN_FAILED, SOCIAL_PROVIDERS, type SocialProvider } from '../../../contract/auth.ts';
import { pageRequestMeta } from '../../features/accounts/account.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { carriedRedirect } from '../../lib/redirect.ts';
import type { Route } from './+types/social';

/** Starts a Google, Facebook or Apple sign-in: sets the library's state cookie and goes to the provider. */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const provider = String((await request.formData()).get('provider') ?? '');
  const back = carriedRedirect(url);
  const failed = async (key: string) =>
    redirect(`/login${back}`, { headers: { 'Set-Cookie': await flashCookie(context, key) } });
  if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider)) return failed('auth.providerDisabled');
  const errorKey = SOCIAL_LOGIN_FAILED[provider as SocialProvider];
  try {
    const { url: providerUrl, cookies } = await context.get(appContext).services.auth.startSocialSignIn(
      provider as SocialProvider,
      {
        callbackURL: `${url.origin}/auth/complete${back}`,
        errorCallbackURL: `${url.origin}/login${back ? `${back}&` : '?'}error=${provider}`,
      },
      await pageRequestMeta(request, context),
    );
    if (!providerUrl) return failed(errorKey);
    const headers = new Headers();
    for (const cookie of cookies) headers.append('Set-Cookie', cookie);
    return redirect(providerUrl, { headers });
  } catch {
    return failed(errorKey);
  }
}

export function loader() {
  return redirect('/login');
}

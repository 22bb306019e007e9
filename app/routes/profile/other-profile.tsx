import { data } from 'react-router';
import { appContext } from '#app-context';
import { isUserId } from '../../../contract/ids.ts';
import { ProfileView } from '../../features/accounts/profile-view.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/other-profile';

/** Someone's public profile; hidden, banned and deactivated accounts answer 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(appContext);
  if (!isUserId(params.userId)) throw data(null, { status: 404 });
  try {
    const user = await services.users.profile(params.userId, viewer);
    return { user, cityName: await services.users.cityName(user.city, await pageLanguage(request)) };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ['profile', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    { title: 'meta.profileTitle', description: 'meta.otherProfileDescription' },
    { title: loaderData?.user.user_name, description: { name: loaderData?.user.user_name ?? '' } },
  );

export default function OtherProfile({ loaderData }: Route.ComponentProps) {
  return <ProfileView user={loaderData.user} cityName={loaderData.cityName} />;
}

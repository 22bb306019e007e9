import { data } from 'react-router';
import { appContext } from '#app-context';
import { isUserId } from '../../../contract/ids.ts';
import { ProfileView } from '../../features/accounts/profile-view.tsx';
import { loadSoldItems } from '../../features/items/lists/my-items.server.ts';
import { SoldItemsSection } from '../../features/items/lists/sold-items.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/other-profile';

/** Someone's public profile; hidden, banned and deactivated accounts answer 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(appContext);
  if (!isUserId(params.userId)) throw data(null, { status: 404 });
  try {
    const language = await pageLanguage(request);
    const [user, soldItems] = await Promise.all([
      services.users.profile(params.userId, viewer),
      loadSoldItems(request, context, params.userId),
    ]);
    return { user, cityName: await services.users.cityName(user.city, language), soldItems, language };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ['profile', 'forms', 'items'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    { title: 'meta.profileTitle', description: 'meta.otherProfileDescription' },
    { title: loaderData?.user.user_name, description: { name: loaderData?.user.user_name ?? '' } },
  );

export default function OtherProfile({ loaderData }: Route.ComponentProps) {
  const { user, cityName, soldItems, language } = loaderData;
  return (
    <>
      <ProfileView user={user} cityName={cityName} />
      <SoldItemsSection userId={user.user_id} firstPage={soldItems} language={language} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PersonItemList } from '../../features/items/lists/person-item-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/follower-items';
import { signedInList } from './lists.server.ts';

/** The latest items of the sellers the signed-in person follows (a visitor goes to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services, window, language } = await signedInList(request, context, 'follower-items');
  return { firstPage: await services.search.fromFollowed(viewer, window, language), language };
}

export const handle = { i18n: ['items', 'social'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.followerItemsTitle', description: 'meta.followerItemsDescription' });

export default function FollowerItems({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PersonItemList
      title={t('social.followerItemsTitle')}
      intro={t('social.followerItemsIntro')}
      empty={t('social.noFollowerItems')}
      firstPage={loaderData.firstPage}
      source={{ path: '/api/v1/items/following', query: { lang: loaderData.language, view: 'card' } }}
      testId="follower-items"
    />
  );
}

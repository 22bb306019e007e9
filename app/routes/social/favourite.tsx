import { useTranslation } from 'react-i18next';
import { PersonItemList } from '../../features/items/lists/person-item-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/favourite';
import { signedInList } from './lists.server.ts';

/** The signed-in person's favourite items, the latest kept first (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services, window, language } = await signedInList(request, context, 'favourite');
  return { firstPage: await services.social.favouriteItems(viewer, window, language), language };
}

export const handle = { i18n: ['items', 'social'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.favouriteTitle', description: 'meta.favouriteDescription' });

export default function Favourite({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PersonItemList
      title={t('social.favouriteTitle')}
      intro={t('social.favouriteIntro')}
      empty={t('social.noFavourites')}
      firstPage={loaderData.firstPage}
      source={{ path: '/api/v1/users/me/favourites', query: { lang: loaderData.language, view: 'card' } }}
      testId="favourite-items"
    />
  );
}

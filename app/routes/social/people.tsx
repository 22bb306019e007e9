import { useTranslation } from 'react-i18next';
import { FollowButton } from '../../features/social/follow-button.tsx';
import { PeoplePage } from '../../features/social/people-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/people';
import { personOfList } from './lists.server.ts';

const directionOf = (url: string) => (new URL(url).pathname === '/following' ? 'following' : 'followers');

/** /followers and /following of someone (`?user_id=`, else the signed-in person), the latest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const direction = directionOf(request.url);
  return { direction, ...(await personOfList(request, context, direction)) };
}

export const handle = { i18n: ['social'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData?.direction === 'following'
    ? pageMeta(matches, { title: 'meta.followingTitle', description: 'meta.followingDescription' })
    : pageMeta(matches, { title: 'meta.followersTitle', description: 'meta.followersDescription' });

export default function People({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { direction, user, firstPage, isMine } = loaderData;
  const name = { name: user.user_name };
  const texts =
    direction === 'following'
      ? {
          title: t('social.followingTitle'),
          intro: isMine ? t('social.myFollowing') : t('social.followingOf', name),
          empty: t('social.noFollowing'),
        }
      : {
          title: t('social.followersTitle'),
          intro: isMine ? t('social.myFollowers') : t('social.followersOf', name),
          empty: t('social.noFollowers'),
        };
  return (
    <PeoplePage
      key={`${direction}:${user.user_id}`}
      title={texts.title}
      intro={texts.intro}
      firstPage={firstPage}
      source={{ path: `/api/v1/users/${encodeURIComponent(user.user_id)}/${direction}` }}
      empty={texts.empty}
      action={(person) => (
        <FollowButton userId={person.user_id} userName={person.user_name} followed={person.is_followed} />
      )}
    />
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { UnblockButton } from '../../features/social/block-button.tsx';
import { PeoplePage } from '../../features/social/people-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/blocked-users';
import { signedInList } from './lists.server.ts';

/** The people the signed-in person blocked, each with Unblock (a visitor goes to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services, window } = await signedInList(request, context, 'blocked-users');
  return { firstPage: await services.social.blockedUsers(viewer, { ...window, limit: PAGE_SIZE.lookups }) };
}

export const handle = { i18n: ['social'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.blockedUsersTitle', description: 'meta.blockedUsersDescription' });

export default function BlockedUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [unblocked, setUnblocked] = useState<ReadonlySet<string>>(new Set());
  return (
    <PeoplePage
      title={t('social.blockedTitle')}
      intro={t('social.blockedIntro')}
      firstPage={loaderData.firstPage}
      source={{ path: '/api/v1/users/me/blocked' }}
      empty={t('social.noBlocked')}
      hidden={unblocked}
      linked={false}
      action={(person) => (
        <UnblockButton
          userId={person.user_id}
          userName={person.user_name}
          onUnblocked={() => setUnblocked((shown) => new Set([...shown, person.user_id]))}
        />
      )}
    />
  );
}

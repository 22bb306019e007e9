import { data } from 'react-router';
import { appContext } from '#app-context';
import { isAppError } from '../../../contract/errors.ts';
import { parseSerialId } from '../../../contract/id-basics.ts';
import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { NotificationDetail } from '../../features/notifications/notification-detail.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/notification-detail';

/** One notification, opened (so read); 404 when it is not the viewer's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseSerialId(params.notificationId);
  if (id === null) throw data(null, { status: 404 });
  const viewer = requireSignedIn(context, `notification/${id}`);
  try {
    const notice = await context.get(appContext).services.notifications.open(viewer, id, await pageLanguage(request));
    return { notice };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ['notifications'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.notificationTitle', description: 'meta.notificationListDescription' });

export default function NotificationDetailPage({ loaderData }: Route.ComponentProps) {
  return <NotificationDetail notice={loaderData.notice} />;
}

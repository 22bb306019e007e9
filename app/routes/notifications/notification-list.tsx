import { redirect } from 'react-router';
import { appContext } from '#app-context';
import { NOTIFICATION_PAGE_SIZE } from '../../../contract/notification-basics.ts';
import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { offsetOf } from '../../features/items/lists/my-items.server.ts';
import { NotificationList } from '../../features/notifications/notification-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/notification-list';

/** The signed-in person's notifications (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context, 'notification');
  const { services } = context.get(appContext);
  const window = { limit: NOTIFICATION_PAGE_SIZE, offset: offsetOf(request) };
  const [firstPage, unreadCount] = await Promise.all([
    services.notifications.list(viewer, window, await pageLanguage(request)),
    services.notifications.unreadCount(viewer),
  ]);
  return { firstPage, unreadCount };
}

/** "Mark all as read" (a form post, with or without JavaScript). */
export async function action({ context }: Route.ActionArgs) {
  const viewer = requireSignedIn(context, 'notification');
  await context.get(appContext).services.notifications.markAllRead(viewer);
  return redirect('/notification', { headers: { 'Set-Cookie': await flashCookie(context, 'notifications.allRead') } });
}

export const handle = { i18n: ['notifications'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.notificationListTitle', description: 'meta.notificationListDescription' });

export default function NotificationListPage({ loaderData }: Route.ComponentProps) {
  return <NotificationList firstPage={loaderData.firstPage} unreadCount={loaderData.unreadCount} />;
}

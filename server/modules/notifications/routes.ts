import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serialIdSchema } from '../../../contract/ids.ts';
import {
  broadcastInputSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationSchema,
  unreadNotificationsSchema,
  unsubscribeQuerySchema,
} from '../../../contract/notifications.ts';
import { answer, route } from '../../http/route.ts';
import type { NotificationsService } from './service.ts';

const idParams = z.object({ id: serialIdSchema });

/** The notification centre (SPEC.md 7 "Notifications": list, mark read; issue 22). */
export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
) {
  route(app, {
    method: 'GET',
    url: '/notifications',
    tag: 'notifications',
    summary: 'The signed-in person’s notifications, the latest first (grouped: one row per conversation)',
    access: 'signed-in',
    query: notificationListQuerySchema,
    data: notificationPageSchema,
    handle: async ({ query, viewer, language }) => answer(await notifications.list(viewer, query, language)),
  });

  route(app, {
    method: 'GET',
    url: '/notifications/unread-count',
    tag: 'notifications',
    summary: 'How many notifications the signed-in person has not read',
    access: 'signed-in',
    data: unreadNotificationsSchema,
    handle: async ({ viewer }) => answer({ unread_count: await notifications.unreadCount(viewer) }),
  });

  route(app, {
    method: 'GET',
    url: '/notifications/:id',
    tag: 'notifications',
    summary: 'One notification (opening it marks it read)',
    access: 'signed-in',
    params: idParams,
    data: notificationSchema,
    refusals: [404],
    handle: async ({ params, viewer, language }) => answer(await notifications.open(viewer, params.id, language)),
  });

  route(app, {
    method: 'POST',
    url: '/notifications/:id/read',
    tag: 'notifications',
    summary: 'Mark one notification read',
    access: 'signed-in',
    params: idParams,
    data: unreadNotificationsSchema,
    refusals: [404],
    handle: async ({ params, viewer }) =>
      answer({ unread_count: await notifications.markRead(viewer, params.id) }, 'api.notificationsRead'),
  });

  route(app, {
    method: 'POST',
    url: '/notifications/read-all',
    tag: 'notifications',
    summary: 'Mark every notification read',
    access: 'signed-in',
    data: unreadNotificationsSchema,
    handle: async ({ viewer }) =>
      answer({ unread_count: await notifications.markAllRead(viewer) }, 'api.notificationsRead'),
  });

  preferenceRoutes(app, notifications);
  operatorRoutes(app, notifications);
}

function preferenceRoutes(app: FastifyInstance, notifications: NotificationsService) {
  route(app, {
    method: 'GET',
    url: '/notifications/preferences',
    tag: 'notifications',
    summary: 'Per kind, whether it shows in the list, comes by push and by e-mail',
    access: 'signed-in',
    data: notificationPreferencesSchema,
    handle: async ({ viewer }) => answer(await notifications.preferences(viewer)),
  });

  route(app, {
    method: 'POST',
    url: '/notifications/preferences',
    tag: 'notifications',
    summary: 'Change the choices of some kinds (kinds left out keep theirs)',
    access: 'signed-in',
    body: notificationPreferencesInputSchema,
    data: notificationPreferencesSchema,
    handle: async ({ body, viewer }) =>
      answer(await notifications.savePreferences(viewer, body), 'api.notificationPreferencesSaved'),
  });

  // A mail client's one-click unsubscribe (RFC 8058) posts "List-Unsubscribe=One-Click" as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  route(app, {
    method: 'POST',
    url: '/notifications/unsubscribe',
    tag: 'notifications',
    summary: 'One-click unsubscribe from one kind of notification mail (the signed link of the mail; no sign-in)',
    access: 'public',
    query: unsubscribeQuerySchema,
    data: z.null(),
    refusals: [400],
    handle: async ({ query }) => {
      await notifications.unsubscribe(query);
      return answer(null, 'api.unsubscribed');
    },
  });
}

function operatorRoutes(app: FastifyInstance, notifications: NotificationsService) {
  route(app, {
    method: 'POST',
    url: '/admin/notifications/broadcast',
    tag: 'notifications',
    summary: 'An operator’s notice to everyone',
    access: 'admin',
    body: broadcastInputSchema,
    data: z.object({ id: z.number().int() }),
    handle: async ({ body, viewer }) =>
      answer({ id: await notifications.broadcast(viewer, body) }, 'api.broadcastSent'),
  });
}

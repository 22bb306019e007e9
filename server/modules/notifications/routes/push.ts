import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
  pushUnsubscribeInputSchema,
} from '../../../../contract/push.ts';
import { answer, route } from '../../../http/route.ts';
import type { PushService } from '../push-subscriptions.ts';

/** Web Push and phone registrations (SPEC.md 7 "register and unregister notification token"). */
export async function pushRoutes(app: FastifyInstance, { push }: { push: PushService }) {
  route(app, {
    method: 'GET',
    url: '/push/key',
    tag: 'notifications',
    summary: 'The server’s VAPID public key, the applicationServerKey a browser subscribes with',
    access: 'public',
    data: pushKeySchema,
    handle: async () => answer(await push.publicKey()),
  });

  route(app, {
    method: 'POST',
    url: '/push/subscriptions',
    tag: 'notifications',
    summary:
      'Register this browser’s push subscription (PushSubscription JSON) or a phone’s FCM token for the signed-in user',
    access: 'signed-in',
    body: pushSubscriptionInputSchema,
    data: pushSubscriptionSchema,
    status: 201,
    handle: async ({ body, viewer, meta }) =>
      answer(await push.subscribe(viewer, body, meta().ip), 'api.pushSubscribed'),
  });

  route(app, {
    method: 'DELETE',
    url: '/push/subscriptions',
    tag: 'notifications',
    summary: 'Remove one of the signed-in user’s subscriptions, by its endpoint or device token',
    access: 'signed-in',
    body: pushUnsubscribeInputSchema,
    data: z.null(),
    refusals: [404],
    handle: async ({ body, viewer, meta }) => {
      await push.unsubscribe(viewer, body, meta().ip);
      return answer(null, 'api.pushUnsubscribed');
    },
  });
}

import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '../../contract/notification-basics.ts';
import { PUSH_TIMEOUT_MS, PUSH_TTL_SECONDS, type PushSender, type VapidKeys, type WebPushTarget } from './push.ts';

export interface WebPushOptions {
  keys: VapidKeys;
  /** `mailto:` or `https:` contact of the operator, which push services may use to reach them (RFC 8292). */
  subject: string;
  /** Trusts extra certificate authorities (a private push service, the tests' local one). */
  agent?: Agent;
}

/** Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm-encrypted payload (RFC 8291), by `web-push`. */
export function createWebPushSender(options: WebPushOptions): PushSender {
  const vapidDetails = { subject: options.subject, ...options.keys };
  return {
    async send(target, payload) {
      if (target.kind !== 'web') throw new Error('the Web Push sender reaches web subscriptions only');
      try {
        await webpush.sendNotification(subscriptionOf(target), JSON.stringify(payload satisfies PushPayload), {
          vapidDetails,
          TTL: PUSH_TTL_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
          contentEncoding: 'aes128gcm',
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return 'sent';
      } catch (error) {
        if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          return 'gone';
        }
        throw error;
      }
    },
  };
}

function subscriptionOf(target: WebPushTarget) {
  return { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } };
}

/** A new VAPID key pair (P-256). */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

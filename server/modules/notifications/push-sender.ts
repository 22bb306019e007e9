import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import type { Config } from '../../config.ts';
import { combinedPushSender, type PushSender, type VapidKeys } from '../../kernel/push.ts';
import { createFcmSender, readServiceAccount } from '../../kernel/push-fcm.ts';
import { createWebPushSender } from '../../kernel/push-web.ts';

export type PushConfig = Pick<Config, 'vapidSubject' | 'PUSH_CA_FILE' | 'FCM_SERVICE_ACCOUNT_FILE' | 'FCM_API_URL'>;

/**
 * Web Push with the site's VAPID keys (loaded at the first push), and FCM for phone apps when
 * FCM_SERVICE_ACCOUNT_FILE is set. The files are read at once, so a wrong one stops the start.
 */
export function createPushSender(config: PushConfig, keys: () => Promise<VapidKeys>): PushSender {
  const agent = config.PUSH_CA_FILE ? new Agent({ ca: readFileSync(config.PUSH_CA_FILE), keepAlive: true }) : undefined;
  let web: PushSender | undefined;
  const lazyWeb: PushSender = {
    async send(target, payload) {
      web ??= createWebPushSender({ keys: await keys(), subject: config.vapidSubject, ...(agent ? { agent } : {}) });
      return web.send(target, payload);
    },
  };
  const device = config.FCM_SERVICE_ACCOUNT_FILE
    ? createFcmSender({
        serviceAccount: readServiceAccount(config.FCM_SERVICE_ACCOUNT_FILE),
        apiUrl: config.FCM_API_URL,
      })
    : null;
  return combinedPushSender(lazyWeb, device);
}

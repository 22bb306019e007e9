import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import type { Config } from '../../config.ts';
import { combinedPushSender, type PushSender, type VapidKeys } from '../../kernel/push.ts';
import { createFcmSender, readServiceAccount } from '../../kernel/push-fcm.ts';
import { createWebPushSender } from '../../kernel/push-web.ts';

export type PushConfig = Pick<Config, 'vapidSubject' | 'PUSH_CA_FILE' | 'FCM_SERVICE_ACCOUNT_FILE' | 'FCM_API_URL'>;

/** Web Push with the site's VAPID keys, and FCM for phone apps when FCM_SERVICE_ACCOUNT_FILE is set. */
export function createPushSender(config: PushConfig, keys: VapidKeys): PushSender {
  const agent = config.PUSH_CA_FILE ? new Agent({ ca: readFileSync(config.PUSH_CA_FILE), keepAlive: true }) : undefined;
  const web = createWebPushSender({ keys, subject: config.vapidSubject, ...(agent ? { agent } : {}) });
  const device = config.FCM_SERVICE_ACCOUNT_FILE
    ? createFcmSender({
        serviceAccount: readServiceAccount(config.FCM_SERVICE_ACCOUNT_FILE),
        apiUrl: config.FCM_API_URL,
      })
    : null;
  return combinedPushSender(web, device);
}

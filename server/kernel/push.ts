import type { PushPayload } from '../../contract/notification-basics.ts';

export type { PushPayload } from '../../contract/notification-basics.ts';

/** A browser's push subscription (the PushSubscription a service worker got from its push service). */
export interface WebPushTarget {
  kind: 'web';
  endpoint: string;
  /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
  p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  auth: string;
}

/** A phone app's Firebase Cloud Messaging registration token. */
export interface DeviceTarget {
  kind: 'device';
  token: string;
  platform: 'android' | 'ios';
}

export type PushTarget = WebPushTarget | DeviceTarget;

/**
 * `sent`: the push service took the message. `gone`: the subscription or token no longer exists (a web push
 * service answered 404 or 410, FCM UNREGISTERED or NOT_FOUND): the caller forgets it. Anything that may work
 * later (a timeout, a 5xx, a 429) throws, so the job that called retries.
 */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** The application server's VAPID key pair (RFC 8292), base64url: public 65 bytes uncompressed P-256, private 32. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** One sender for both kinds of target: web subscriptions by Web Push, device tokens by FCM when configured. */
export function combinedPushSender(web: PushSender, device: PushSender | null): PushSender {
  return {
    send(target, payload) {
      if (target.kind === 'web') return web.send(target, payload);
      if (!device) throw new PushNotConfiguredError();
      return device.send(target, payload);
    },
  };
}

/** A device token was registered while FCM is off (FCM_SERVICE_ACCOUNT_FILE unset): nothing can reach it yet. */
export class PushNotConfiguredError extends Error {
  constructor() {
    super('FCM is not configured (FCM_SERVICE_ACCOUNT_FILE): a device token cannot be reached');
    this.name = 'PushNotConfiguredError';
  }
}

/** How long a push service keeps a message for a device that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long one request to a push service may take. */
export const PUSH_TIMEOUT_MS = 15_000;

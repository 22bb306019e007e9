import { z } from 'zod';
import { VALIDATION } from './fields.ts';

/** Push subscriptions one person may keep (browsers and phones together); registering one more drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;
/** Subscription changes one person may make per hour (register and remove together). */
export const PUSH_CHANGES_PER_HOUR = 60;

export const pushKeySchema = z
  .object({
    /** The server's VAPID public key, base64url: the `applicationServerKey` of `pushManager.subscribe`. */
    public_key: z.string(),
  })
  .meta({ id: 'PushKey' });
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = (bytes: number) =>
  z
    .string(VALIDATION.required)
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), VALIDATION.outOfRange);

const endpointSchema = z.string(VALIDATION.required).trim().min(1, VALIDATION.required).max(2048, VALIDATION.tooLong);
const deviceTokenSchema = z
  .string(VALIDATION.required)
  .trim()
  .min(1, VALIDATION.required)
  .max(4096, VALIDATION.tooLong);

/** A browser's `PushSubscription.toJSON()`: the push service's endpoint and the browser's keys. */
export const webSubscriptionInputSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, base64url. */
    p256dh: base64url(65),
    /** The browser's authentication secret: 16 bytes, base64url. */
    auth: base64url(16),
  }),
});

/** A phone app's FCM registration token (SPEC.md 7 "register notification token"). */
export const deviceSubscriptionInputSchema = z.object({
  device_token: deviceTokenSchema,
  platform: z.enum(['android', 'ios'], VALIDATION.required),
});

// Input schemas stay unnamed: they trim, so their input and output differ and would collide as one component.
export const pushSubscriptionInputSchema = z.union(
  [webSubscriptionInputSchema, deviceSubscriptionInputSchema],
  VALIDATION.required,
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** Which subscription to remove: a browser's endpoint or a phone's token. */
export const pushUnsubscribeInputSchema = z.union(
  [z.object({ endpoint: endpointSchema }), z.object({ device_token: deviceTokenSchema })],
  VALIDATION.required,
);
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInputSchema>;

export const PUSH_PLATFORMS = ['web', 'android', 'ios'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

export const pushSubscriptionSchema = z
  .object({
    platform: z.enum(PUSH_PLATFORMS),
    added_date: z.string().describe('ISO 8601 timestamp'),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

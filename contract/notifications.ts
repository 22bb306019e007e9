import { z } from 'zod';
import { dateTimeSchema, requiredText, VALIDATION } from './fields.ts';
import {
  BROADCAST_LIMITS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_PAGE_SIZE,
} from './notification-basics.ts';
import { pagedSchema, pageQuerySchema } from './paging.ts';

export * from './notification-basics.ts';

/** One row of /notification: grouped, so "3 new messages from Sara" is one row with count 3. */
export const notificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** In the reader's language, made when it is read (a later change of language shows in it). */
    title: z.string(),
    message: z.string(),
    /** How many events this row groups (messages of one conversation, matches of one saved search). */
    count: z.number().int(),
    /** Where the detail page links: a path on this site. */
    target_url: z.string(),
    item_id: z.string().nullable(),
    actor: z
      .object({ user_id: z.string(), user_name: z.string(), user_profile_photo: z.string().nullable() })
      .nullable(),
    is_read: z.boolean(),
    added_date: dateTimeSchema,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema(NOTIFICATION_PAGE_SIZE);
export const notificationPageSchema = pagedSchema(notificationSchema).meta({ id: 'NotificationPage' });

export const unreadNotificationsSchema = z
  .object({ unread_count: z.number().int() })
  .meta({ id: 'UnreadNotifications' });

const channelChoiceSchema = z.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, z.boolean()])) as Record<
    (typeof NOTIFICATION_CHANNELS)[number],
    z.ZodBoolean
  >,
);

/** Per kind, where it may reach the person; a kind left out keeps its current choice. */
export const notificationPreferencesSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelChoiceSchema])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      typeof channelChoiceSchema
    >,
  )
  .meta({ id: 'NotificationPreferences' });
export const notificationPreferencesInputSchema = notificationPreferencesSchema.partial().strict();

/** The signed link of a notification mail's unsubscribe (checked by the server, not by the schema). */
export const unsubscribeQuerySchema = z.object({
  u: z.string().max(200).optional(),
  k: z.string().max(60).optional(),
  s: z.string().max(200).optional(),
});

export const broadcastInputSchema = z.object({
  title: requiredText.max(BROADCAST_LIMITS.title, VALIDATION.tooLong),
  message: z.string().trim().max(BROADCAST_LIMITS.message, VALIDATION.tooLong).default(''),
});

// Notification kinds, channels and the push payload, without schemas: the shell (bell, tab bar, notice box) and
// the service worker's page side load these, so they must not bring zod along. contract/notifications.ts
// re-exports them with the schemas.

/** What a notification is about. Each is made by a durable follow-up of the write that causes it. */
export const NOTIFICATION_KINDS = [
  'chat.message',
  'chat.offer',
  'chat.accepted',
  'chat.rejected',
  'item.approved',
  'item.rejected',
  'item.disabled',
  'item.held',
  'item.expiring',
  'item.expired',
  'favourite.sold',
  'favourite.price_drop',
  'saved_search.match',
  'review.new',
  'follower.new',
  'broadcast',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification may reach someone. The in-app list always keeps it; the choice hides or shows it there. */
export const NOTIFICATION_CHANNELS = ['in_app', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Kinds a person must not miss: only these can go by e-mail (SPEC "e-mail" of issue 22). */
export const EMAIL_KINDS: readonly NotificationKind[] = [
  'item.approved',
  'item.rejected',
  'item.expiring',
  'chat.accepted',
  'favourite.sold',
  'saved_search.match',
];

export type ChannelChoice = Record<NotificationChannel, boolean>;
export type NotificationPreferences = Record<NotificationKind, ChannelChoice>;

/** The choice of someone who never changed it: everything in-app and by push, e-mail for the kinds above. */
export function defaultPreferences(): NotificationPreferences {
  const entries = NOTIFICATION_KINDS.map((kind) => [
    kind,
    { in_app: true, push: true, email: EMAIL_KINDS.includes(kind) },
  ]);
  return Object.fromEntries(entries) as NotificationPreferences;
}

/** A notification list page; "load more" asks for the next one. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** How long the notice box of a notification that arrives while the page is open stays (SPEC.md 9). */
export const PUSH_NOTICE_MS = 10_000;

/**
 * What a push carries to a browser's service worker or a phone: what the lock screen may show, and where a press
 * leads. Never a message's private text beyond `body`, which is already cut for the lock screen.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** A path on this site, e.g. /chat?chat_id=… */
  url: string;
  /** Same tag: the newer push replaces the older on the device ("3 new messages from Sara"). */
  tag: string;
  notification_id: number;
}

/** The longest body a push or notice box shows. */
export const PUSH_BODY_LENGTH = 120;

/** The longest title and message of an operator's broadcast. */
export const BROADCAST_LIMITS = { title: 120, message: 2000 } as const;

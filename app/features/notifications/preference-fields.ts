import {
  EMAIL_KINDS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../contract/notification-basics.ts';

/** The checkbox of one kind and channel: "chat.message:push". */
export const fieldOf = (kind: NotificationKind, channel: NotificationChannel) => `${kind}:${channel}`;

export const offersChannel = (kind: NotificationKind, channel: NotificationChannel) =>
  channel !== 'email' || EMAIL_KINDS.includes(kind);

/** The posted form as choices: a box left unticked is "off" (a browser sends only ticked ones). */
export function preferencesOfForm(fields: Record<string, unknown>): NotificationPreferences {
  const entries = NOTIFICATION_KINDS.map((kind) => {
    const choice = Object.fromEntries(
      NOTIFICATION_CHANNELS.map((channel) => [
        channel,
        offersChannel(kind, channel) && fields[fieldOf(kind, channel)] === 'on',
      ]),
    );
    return [kind, choice];
  });
  return Object.fromEntries(entries) as NotificationPreferences;
}

/** Each kind's name on the settings page. */
export const KIND_NAME_KEYS = {
  'chat.message': 'notifications.kindNames.chat_message',
  'chat.offer': 'notifications.kindNames.chat_offer',
  'chat.accepted': 'notifications.kindNames.chat_accepted',
  'chat.rejected': 'notifications.kindNames.chat_rejected',
  'item.approved': 'notifications.kindNames.item_approved',
  'item.rejected': 'notifications.kindNames.item_rejected',
  'item.disabled': 'notifications.kindNames.item_disabled',
  'item.held': 'notifications.kindNames.item_held',
  'item.expiring': 'notifications.kindNames.item_expiring',
  'item.expired': 'notifications.kindNames.item_expired',
  'favourite.sold': 'notifications.kindNames.favourite_sold',
  'favourite.price_drop': 'notifications.kindNames.favourite_price_drop',
  'saved_search.match': 'notifications.kindNames.saved_search_match',
  'review.new': 'notifications.kindNames.review_new',
  'follower.new': 'notifications.kindNames.follower_new',
  broadcast: 'notifications.kindNames.broadcast',
} as const satisfies Record<NotificationKind, string>;

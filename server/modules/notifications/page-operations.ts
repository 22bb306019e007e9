import type { NotificationPages } from '../../../contract/pages.ts';
import type { NotificationsService } from './service.ts';

/** What pages may ask of the notifications module: the same operations as the API, each checking who asks. */
export function notificationsPageOperations(notifications: NotificationsService): NotificationPages {
  return {
    list: (viewer, page, language) => notifications.list(viewer, page, language),
    open: (viewer, id, language) => notifications.open(viewer, id, language),
    markAllRead: (viewer) => notifications.markAllRead(viewer),
    unreadCount: (viewer) => notifications.unreadCount(viewer),
    preferences: (viewer) => notifications.preferences(viewer),
    savePreferences: (viewer, changes) => notifications.savePreferences(viewer, changes),
    unsubscribe: (query) => notifications.unsubscribe(query),
  };
}

import type { Db } from '../../db/database.ts';
import { notifications } from '../../db/schema/index.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { ChatNotice } from '../chat/index.ts';

/** Whether someone has a live connection (a WebSocket on any app instance). */
export type IsOnline = (userId: string) => Promise<boolean>;

/**
 * A message, an offer, its acceptance or rejection, or a sale for someone who is not connected leaves an in-app
 * notification (kind "chat.<what>"), which the notification screens show and push delivers. Someone connected
 * sees it live instead.
 */
export function registerChatNotices(events: EventBus, db: Db, isOnline: IsOnline) {
  const record = async (notice: ChatNotice & { message?: { message: string; offer_amount: string | null } }) => {
    if (await isOnline(notice.recipientId)) return;
    await db.insert(notifications).values({
      userId: notice.recipientId,
      kind: `chat.${notice.kind}`,
      title: notice.actorName,
      message: notice.message?.message || notice.message?.offer_amount || notice.chat.offer_amount || '',
      itemId: notice.chat.item_id,
      data: { chat_id: notice.chat.id, actor_id: notice.actorId, status: notice.chat.is_accept },
    });
  };
  events.on('chat.message', record);
  events.on('chat.changed', record);
}

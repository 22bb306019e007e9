import type { Db } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { JobRun } from '../../kernel/jobs.ts';
import type { ChatNotice } from '../chat/index.ts';
import { notifications } from './schema.ts';

/** Whether someone has a live connection (a WebSocket on any app instance). */
export type IsOnline = (userId: string) => Promise<boolean>;

type Notice = ChatNotice & { message?: { message: string; offer_amount: string | null } };

/**
 * A message, an offer, its acceptance or rejection, or a sale for someone who is not connected leaves an in-app
 * notification (kind "chat.<what>"), which the notification screens show and push delivers. Someone connected
 * sees it live instead. A follow-up of the chat's write: stored with it, so a crash cannot lose it.
 */
export function registerChatNotices(events: EventBus, db: Db, isOnline: IsOnline) {
  // The job's id marks the row: a run repeated after a crash finds it there and adds nothing.
  const record = async (notice: Notice, run: JobRun) => {
    await db
      .insert(notifications)
      .values({
        userId: notice.recipientId,
        kind: `chat.${notice.kind}`,
        title: notice.actorName,
        message: notice.message?.message || notice.message?.offer_amount || notice.chat.offer_amount || '',
        itemId: notice.chat.item_id,
        data: { chat_id: notice.chat.id, actor_id: notice.actorId, status: notice.chat.is_accept, follow_up: run.id },
      })
      .onConflictDoNothing();
  };
  const offline = async (notice: ChatNotice) => !(await isOnline(notice.recipientId));
  events.onCommitted('chat.message', 'notifications.chat', (notice, run) => record(notice, run), { when: offline });
  events.onCommitted('chat.changed', 'notifications.chat', (notice, run) => record(notice, run), { when: offline });
}

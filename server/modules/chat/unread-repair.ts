import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import { chatMessages, chats } from './schema.ts';

/** Messages of the other side after what this side read: the unread count as the messages say it. */
const unreadFrom = (sender: SQL, readSeq: SQL) =>
  sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.chatId} = ${chats.id} and ${chatMessages.senderId} = ${sender} and ${chatMessages.seq} > ${readSeq})`;

const sellerUnread = unreadFrom(sql`${chats.buyerUserId}`, sql`${chats.sellerReadSeq}`);
const buyerUnread = unreadFrom(sql`${chats.sellerUserId}`, sql`${chats.buyerReadSeq}`);

/** Every conversation whose unread counts differ from its messages, counted again (the nightly repair). */
export async function repairUnreadCounts(db: Db): Promise<number> {
  const wrong = await db
    .select({ id: chats.id })
    .from(chats)
    .where(sql`${chats.sellerUnreadCount} <> ${sellerUnread} or ${chats.buyerUnreadCount} <> ${buyerUnread}`);
  for (const { id } of wrong) {
    await db.transaction(async (tx) => {
      await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, id)).for('update');
      await tx
        .update(chats)
        .set({ sellerUnreadCount: sellerUnread, buyerUnreadCount: buyerUnread })
        .where(eq(chats.id, id));
    });
  }
  return wrong.length;
}

import { and, eq, sql } from 'drizzle-orm';
import type { ChatMessageType } from '../../../contract/chat.ts';
import type { Db } from '../../db/database.ts';
import { chatMessages, chats } from '../../db/schema/index.ts';
import type { ChatRow, MessageRow } from './presenter.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface NewMessage {
  type: ChatMessageType;
  message?: string;
  offerAmount?: string | null;
  imagePath?: string | null;
  clientId?: string | null;
}

type ChatChanges = Partial<Pick<ChatRow, 'offerStatus' | 'offerAmount' | 'negoPrice'>>;

/**
 * Stores a message and moves the conversation on: last message, the other side's unread count, and any offer
 * state given. A message whose client id this sender already used in this conversation is not stored again:
 * the stored one comes back with `duplicate`.
 */
export async function storeMessage(
  tx: Tx,
  chat: ChatRow,
  senderId: string,
  message: NewMessage,
  changes: ChatChanges = {},
): Promise<{ row: MessageRow; chat: ChatRow; duplicate: boolean }> {
  const [inserted] = await tx
    .insert(chatMessages)
    .values({
      chatId: chat.id,
      senderId,
      type: message.type,
      message: message.message ?? '',
      offerAmount: message.offerAmount ?? null,
      imagePath: message.imagePath ?? null,
      clientId: message.clientId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [stored] = await tx
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.chatId, chat.id),
          eq(chatMessages.senderId, senderId),
          eq(chatMessages.clientId, message.clientId ?? ''),
        ),
      );
    if (!stored) throw new Error('a message that conflicted could not be found');
    return { row: stored, chat, duplicate: true };
  }
  const unread = senderId === chat.buyerUserId ? chats.sellerUnreadCount : chats.buyerUnreadCount;
  const unreadKey = senderId === chat.buyerUserId ? 'sellerUnreadCount' : 'buyerUnreadCount';
  const [updated] = await tx
    .update(chats)
    .set({
      ...changes,
      lastMessage: inserted.message || inserted.offerAmount || '',
      lastMessageType: inserted.type,
      lastMessageAt: inserted.addedDate,
      [unreadKey]: sql`${unread} + 1`,
    })
    .where(eq(chats.id, chat.id))
    .returning();
  if (!updated) throw new Error('the conversation of a new message is gone');
  return { row: inserted, chat: updated, duplicate: false };
}

/** The conversation's row, locked until the transaction ends (offer steps and sales are taken one at a time). */
export async function lockChat(tx: Tx, chatId: string): Promise<ChatRow> {
  const [row] = await tx.select().from(chats).where(eq(chats.id, chatId)).for('update');
  if (!row) throw new Error('the conversation is gone');
  return row;
}

/**
 * The same as storeMessage for a text or a photo, in one statement (no transaction of four round trips): the
 * insert and the conversation's update run as one atomic query. Offer steps, which lock the conversation,
 * use storeMessage.
 */
export async function storeMessageAtOnce(
  db: Db,
  chat: ChatRow,
  senderId: string,
  message: NewMessage,
): Promise<{ row: MessageRow; chat: ChatRow; duplicate: boolean }> {
  const unread = senderId === chat.buyerUserId ? sql.raw('seller_unread_count') : sql.raw('buyer_unread_count');
  const result = await db.execute<{ message: RawRow; chat: RawRow }>(sql`
    with inserted as (
      insert into chat_messages (chat_id, sender_id, type, message, offer_amount, image_path, client_id)
      values (${chat.id}, ${senderId}, ${message.type}, ${message.message ?? ''}, ${message.offerAmount ?? null},
              ${message.imagePath ?? null}, ${message.clientId ?? null})
      on conflict do nothing
      returning id, seq, chat_id, sender_id, type, message, offer_amount::text as offer_amount, image_path, client_id,
        read_at, added_date
    ), moved as (
      update chats set
        last_message = coalesce(nullif(inserted.message, ''), inserted.offer_amount::text, ''),
        last_message_type = inserted.type,
        last_message_at = inserted.added_date,
        ${unread} = chats.${unread} + 1,
        updated_date = now()
      from inserted
      where chats.id = inserted.chat_id
      returning chats.id, chats.item_id, chats.buyer_user_id, chats.seller_user_id, chats.nego_price::text as nego_price,
        chats.buyer_unread_count, chats.seller_unread_count, chats.offer_status, chats.offer_amount::text as offer_amount,
        chats.last_message, chats.last_message_type, chats.last_message_at, chats.added_date, chats.updated_date
    )
    select row_to_json(inserted) as message, (select row_to_json(moved) from moved) as chat from inserted`);
  const [stored] = result.rows;
  if (!stored) {
    const [existing] = await db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.chatId, chat.id),
          eq(chatMessages.senderId, senderId),
          eq(chatMessages.clientId, message.clientId ?? ''),
        ),
      );
    if (!existing) throw new Error('a message that conflicted could not be found');
    return { row: existing, chat, duplicate: true };
  }
  return { row: messageRowOf(stored.message), chat: chatRowOf(stored.chat), duplicate: false };
}

type RawRow = Record<string, unknown>;
const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));
const textOf = (value: unknown) => (value === null || value === undefined ? null : String(value));

function messageRowOf(raw: RawRow): MessageRow {
  return {
    id: String(raw.id),
    seq: Number(raw.seq),
    chatId: String(raw.chat_id),
    senderId: String(raw.sender_id),
    type: Number(raw.type),
    message: String(raw.message ?? ''),
    offerAmount: textOf(raw.offer_amount),
    imagePath: textOf(raw.image_path),
    clientId: textOf(raw.client_id),
    readAt: dateOf(raw.read_at),
    addedDate: new Date(String(raw.added_date)),
  };
}

function chatRowOf(raw: RawRow): ChatRow {
  return {
    id: String(raw.id),
    itemId: String(raw.item_id),
    buyerUserId: String(raw.buyer_user_id),
    sellerUserId: String(raw.seller_user_id),
    negoPrice: String(raw.nego_price),
    buyerUnreadCount: Number(raw.buyer_unread_count),
    sellerUnreadCount: Number(raw.seller_unread_count),
    offerStatus: Number(raw.offer_status),
    offerAmount: textOf(raw.offer_amount),
    lastMessage: textOf(raw.last_message),
    lastMessageType: raw.last_message_type === null ? null : Number(raw.last_message_type),
    lastMessageAt: dateOf(raw.last_message_at),
    addedDate: new Date(String(raw.added_date)),
    updatedDate: dateOf(raw.updated_date),
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { ChatMessageType } from '../../../contract/chat.ts';
import type { DbOrTx, Tx } from '../../kernel/database.ts';
import type { ChatNoticeKind } from './events.ts';
import type { ChatRow, MessageRow } from './presenter.ts';
import { chatMessages, chats } from './schema.ts';

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

/** A text or a photo to store, with the conversation it goes to and who sends it. */
export interface QueuedMessage {
  chat: ChatRow;
  senderId: string;
  message: NewMessage & { clientId: string };
  /** How the other side's notice names it (its kind and the sender's name). */
  notice: { kind: ChatNoticeKind; actorName: string };
}
export type StoredMessage = { row: MessageRow; chat: ChatRow; duplicate: boolean };

/**
 * Texts and photos in one statement, however many (one commit for all): the inserts, then each conversation's
 * last message and the other sides' unread counts, atomic without a transaction's round trips. Messages are
 * numbered in the order given. Offer steps, which lock the conversation, use storeMessage.
 */
export async function storeMessagesAtOnce(db: DbOrTx, queued: QueuedMessage[]): Promise<StoredMessage[]> {
  const column = <T>(pick: (entry: QueuedMessage) => T) => sql.param(queued.map(pick));
  const result = await db.execute<{ messages: RawRow[] | null; chats: RawRow[] | null }>(sql`
    with input as (
      select * from unnest(
        ${column((entry) => entry.chat.id)}::uuid[], ${column((entry) => entry.senderId)}::text[],
        ${column((entry) => entry.message.type)}::smallint[], ${column((entry) => entry.message.message ?? '')}::text[],
        ${column((entry) => entry.message.imagePath ?? null)}::text[], ${column((entry) => entry.message.clientId)}::text[]
      ) with ordinality as given(chat_id, sender_id, type, message, image_path, client_id, position)
    ), inserted as (
      insert into chat_messages (chat_id, sender_id, type, message, image_path, client_id)
      select chat_id, sender_id, type, message, image_path, client_id from input order by position
      on conflict do nothing
      returning id, seq, chat_id, sender_id, type, message, offer_amount::text as offer_amount, image_path, client_id,
        read_at, added_date
    ), latest as (
      select distinct on (chat_id) chat_id, message, type, added_date from inserted order by chat_id, seq desc
    ), counted as (
      select inserted.chat_id,
        count(*) filter (where inserted.sender_id = chats.buyer_user_id) as to_seller,
        count(*) filter (where inserted.sender_id = chats.seller_user_id) as to_buyer
      from inserted join chats on chats.id = inserted.chat_id
      group by inserted.chat_id
    ), moved as (
      update chats set
        last_message = latest.message,
        last_message_type = latest.type,
        last_message_at = latest.added_date,
        seller_unread_count = chats.seller_unread_count + counted.to_seller,
        buyer_unread_count = chats.buyer_unread_count + counted.to_buyer,
        updated_date = now()
      from latest join counted using (chat_id)
      where chats.id = latest.chat_id
      returning chats.id, chats.item_id, chats.buyer_user_id, chats.seller_user_id, chats.nego_price::text as nego_price,
        chats.buyer_unread_count, chats.seller_unread_count, chats.buyer_read_seq, chats.seller_read_seq, chats.offer_status, chats.offer_amount::text as offer_amount,
        chats.last_message, chats.last_message_type, chats.last_message_at, chats.added_date, chats.updated_date
    )
    select (select json_agg(inserted) from inserted) as messages, (select json_agg(moved) from moved) as chats`);
  const [answer] = result.rows;
  const keyOf = (chatId: string, senderId: string, clientId: string | null) => `${chatId} ${senderId} ${clientId}`;
  const inserted = new Map(
    (answer?.messages ?? []).map(messageRowOf).map((row) => [keyOf(row.chatId, row.senderId, row.clientId), row]),
  );
  const moved = new Map((answer?.chats ?? []).map(chatRowOf).map((chat) => [chat.id, chat]));
  return Promise.all(
    queued.map(async ({ chat, senderId, message }): Promise<StoredMessage> => {
      const row = inserted.get(keyOf(chat.id, senderId, message.clientId));
      // Another message with this client id went first (a resend, or the same one twice in this batch).
      if (row) inserted.delete(keyOf(chat.id, senderId, message.clientId));
      else return { row: await storedEarlier(db, chat.id, senderId, message.clientId), chat, duplicate: true };
      return { row, chat: moved.get(chat.id) ?? chat, duplicate: false };
    }),
  );
}

async function storedEarlier(db: DbOrTx, chatId: string, senderId: string, clientId: string) {
  const [existing] = await db
    .select()
    .from(chatMessages)
    .where(
      and(eq(chatMessages.chatId, chatId), eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)),
    );
  if (!existing) throw new Error('a message that conflicted could not be found');
  return existing;
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
    buyerReadSeq: Number(raw.buyer_read_seq),
    sellerReadSeq: Number(raw.seller_read_seq),
    offerStatus: Number(raw.offer_status),
    offerAmount: textOf(raw.offer_amount),
    lastMessage: textOf(raw.last_message),
    lastMessageType: raw.last_message_type === null ? null : Number(raw.last_message_type),
    lastMessageAt: dateOf(raw.last_message_at),
    addedDate: new Date(String(raw.added_date)),
    updatedDate: dateOf(raw.updated_date),
  };
}

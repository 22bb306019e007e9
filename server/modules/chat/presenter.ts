import type { ChatMessage, ChatRecord, ChatState } from '../../../contract/chat.ts';
import { formatDateTime } from '../../../contract/format.ts';
import type { Item } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { OFFER_STATUS } from '../../../contract/offers.ts';
import type { User } from '../../../contract/users.ts';
import { publicUrlOf } from '../media/index.ts';
import type { chatMessages, chats } from './schema.ts';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

export function presentMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    seq: row.seq,
    chat_id: row.chatId,
    sender_id: row.senderId,
    type: row.type,
    message: row.message,
    offer_amount: row.offerAmount,
    image_url: publicUrlOf(row.imagePath),
    client_id: row.clientId,
    added_date: row.addedDate.toISOString(),
  };
}

export function presentState(row: ChatRow): ChatState {
  return {
    id: row.id,
    item_id: row.itemId,
    buyer_user_id: row.buyerUserId,
    seller_user_id: row.sellerUserId,
    is_accept: row.offerStatus,
    offer_amount: row.offerAmount,
    buyer_unread_count: row.buyerUnreadCount,
    seller_unread_count: row.sellerUnreadCount,
    last_message: row.lastMessage,
    last_message_type: row.lastMessageType,
    last_message_date: row.lastMessageAt?.toISOString() ?? null,
  };
}

export interface RecordParts {
  item: Item | null;
  buyer: User | null;
  seller: User | null;
}

export function presentChat(row: ChatRow, viewerId: string, parts: RecordParts, language: LanguageCode): ChatRecord {
  const isSeller = row.sellerUserId === viewerId;
  return {
    ...presentState(row),
    nego_price: row.negoPrice,
    added_date: row.addedDate.toISOString(),
    added_date_str: formatDateTime(row.addedDate, language),
    is_offer: row.offerStatus === OFFER_STATUS.offer,
    photo_count: parts.item?.photo_count ?? 0,
    is_favourited: parts.item?.is_favourited ?? false,
    is_owner: isSeller,
    default_photo: parts.item?.default_photo ?? null,
    item: parts.item,
    buyer: parts.buyer,
    seller: parts.seller,
    unread_count: isSeller ? row.sellerUnreadCount : row.buyerUnreadCount,
  };
}

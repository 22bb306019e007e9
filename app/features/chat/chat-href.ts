import type { ChatRecord } from '../../../contract/chat.ts';
import type { ItemDetail } from '../../../contract/items.ts';

/** The address of a chat: the item, its buyer and its seller. */
export const chatHrefOf = (chat: Pick<ChatRecord, 'item_id' | 'buyer_user_id' | 'seller_user_id'>) =>
  `/chat?${new URLSearchParams({ item_id: chat.item_id, buyer_user_id: chat.buyer_user_id, seller_user_id: chat.seller_user_id })}`;

/** The address of the chat about this item between the viewer (buyer) and its seller. */
export const chatHref = (item: Pick<ItemDetail, 'id' | 'added_user_id'>, buyerId: string) =>
  chatHrefOf({ item_id: item.id, buyer_user_id: buyerId, seller_user_id: item.added_user_id });

import type { ChatMessage, ChatRecord } from '../../../contract/chat.ts';

/** A text on its way: shown at once, until the server's copy (same client id) replaces it. */
export interface PendingMessage {
  client_id: string;
  message: string;
  error: string | null;
}

/** Keeps messages in order and once each (a message may arrive live, in an ack and again when catching up). */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The texts still on their way once the server's copies of `arrived` are in. */
export function stillPending(pending: PendingMessage[], arrived: ChatMessage[]): PendingMessage[] {
  const clientIds = new Set(arrived.map((message) => message.client_id));
  return pending.filter((entry) => !clientIds.has(entry.client_id));
}

export function withoutPending(pending: PendingMessage[], clientId: string): PendingMessage[] {
  return pending.filter((entry) => entry.client_id !== clientId);
}

/** The server refused the text sent as `clientId`: it stays, with the error, to be retried or dismissed. */
export function withPendingError(pending: PendingMessage[], clientId: string, error: string): PendingMessage[] {
  return pending.map((entry) => (entry.client_id === clientId ? { ...entry, error } : entry));
}

/** The other side of the conversation: the seller for the buyer, the buyer for anyone else. */
export function otherParticipant(chat: Pick<ChatRecord, 'buyer_user_id' | 'seller_user_id'>, viewerId: string) {
  return chat.buyer_user_id === viewerId ? chat.seller_user_id : chat.buyer_user_id;
}

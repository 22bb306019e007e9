// Chat constants and the message checks without schemas: the chat screens load these, so they must not bring
// zod along. contract/chat.ts re-exports them with the chat schemas.

/** SPEC.md 4 "Chat message types". A date separator (3) is drawn by screens between days, never stored. */
export const CHAT_MESSAGE_TYPE = { text: 0, image: 1, offer: 2, date: 3, sold: 4, bought: 5 } as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPE)[keyof typeof CHAT_MESSAGE_TYPE];

export const CHAT_LIMITS = {
  /** The longest text message. */
  messageLength: 2000,
  /** A client's own id for a message, so that sending it again (after a reconnect) stores it once. */
  clientIdLength: 64,
  /** Messages a user may send per minute, all conversations together. */
  messagesPerMinute: 30,
} as const;

export const CHAT_ROLES = ['buyer', 'seller'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];
export const CHAT_LIST_TABS = ['from-buyers', 'from-sellers'] as const;
export type ChatListTab = (typeof CHAT_LIST_TABS)[number];

/** What in a message should make the reader careful (the chat's warning banner). */
export type MessageConcern = 'contact' | 'link' | 'payment';

const PHONE = /(?:\+|00)?\d[\d\s().-]{7,}\d/;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]{2,}/g;
const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|io|me|ly|sa|ae|eg)\b/i;
/** "Pay outside" in the languages buyers use most: transfers, wallets and gift cards. */
const PAYMENT =
  /western\s*union|money\s*gram|wire\s*transfer|bank\s*transfer|iban|paypal|gift\s*card|crypto|bitcoin|usdt|تحويل|حوالة|ايبان|آيبان|بطاقة\s*هدايا|virement|überweisung|transferencia|bonifico|перевод|havale/i;

/** The concerns found in a message's text: a phone number or e-mail, a link, or a payment outside Souk. */
export function messageConcerns(text: string): MessageConcern[] {
  const found: MessageConcern[] = [];
  const withoutEmails = text.replace(EMAIL, ' ');
  if (PHONE.test(text) || withoutEmails !== text) found.push('contact');
  if (LINK.test(withoutEmails)) found.push('link');
  if (PAYMENT.test(text)) found.push('payment');
  return found;
}

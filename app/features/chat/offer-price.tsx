import type { ChatRecord } from '../../../contract/chat.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { formatItemPrice, ItemPrice } from '../../components/price.tsx';

type ChatItem = Pick<ChatRecord, 'item'>;

/** An amount in the currency of the conversation's item, written as that item's price is everywhere else. */
export function OfferPrice({ amount, chat, className = '' }: { amount: string; chat: ChatItem; className?: string }) {
  return <ItemPrice item={{ price: amount, item_currency: chat.item?.item_currency ?? null }} className={className} />;
}

/** The same as plain text (dialog questions, labels). */
export function offerPriceText(amount: string, chat: ChatItem, language: LanguageCode) {
  return formatItemPrice({ price: amount, item_currency: chat.item?.item_currency ?? null }, language);
}

import { useTranslation } from 'react-i18next';
import type { ChatRecord } from '../../../contract/chat.ts';
import { formatPrice } from '../../../contract/format.ts';
import { directionOf, type LanguageCode } from '../../../contract/language.ts';

/** An amount in the conversation item's currency, isolated so digits and symbol never reorder in Arabic. */
export function OfferPrice({
  amount,
  chat,
  className = '',
}: {
  amount: string;
  chat: Pick<ChatRecord, 'item'>;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  return <bdi className={`whitespace-nowrap ${className}`}>{offerPriceText(amount, chat, language)}</bdi>;
}

/** The same as plain text (dialog questions, labels). */
export function offerPriceText(amount: string, chat: Pick<ChatRecord, 'item'>, language: LanguageCode) {
  const value = formatPrice(amount, language);
  const symbol = chat.item?.item_currency?.currency_symbol.trim() ?? '';
  if (!symbol) return value;
  return directionOf(language) === 'rtl' ? `${value}\u00a0${symbol}` : `${symbol}\u00a0${value}`;
}

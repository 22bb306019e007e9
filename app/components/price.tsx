import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../contract/format.ts';
import type { ItemCardView } from '../../contract/items.ts';
import { directionOf, type LanguageCode } from '../../contract/language.ts';

type Priced = Pick<ItemCardView, 'price' | 'item_currency'>;

const NO_BREAK_SPACE = '\u00a0';

/**
 * The parts of a price as a reader of `language` expects them: the amount in the pattern #,##0.0 (SPEC.md 9),
 * and the currency symbol before it in left-to-right languages ("$1,200.0", "Ks 1,200.0") and after it in
 * right-to-left ones, as Intl writes Arabic prices ("1,200.0 ر.س" read from the right).
 */
export function priceParts(item: Priced, language: LanguageCode) {
  const amount = formatPrice(item.price, language);
  const symbol = item.item_currency?.currency_symbol.trim() ?? '';
  const dir = directionOf(language);
  // A one-character sign ($, €, £) sits against the amount in left-to-right text; a word or letters get a space.
  const gap = dir === 'rtl' || symbol.length > 1 ? NO_BREAK_SPACE : '';
  return { amount, symbol, dir, gap, symbolFirst: dir === 'ltr' };
}

/** The price as one plain text (meta descriptions, share texts, alt texts). */
export function formatItemPrice(item: Priced, language: LanguageCode): string {
  const { amount, symbol, gap, symbolFirst } = priceParts(item, language);
  if (!symbol) return amount;
  return symbolFirst ? `${symbol}${gap}${amount}` : `${amount}${gap}${symbol}`;
}

/**
 * An item's price with its currency symbol, in the page's language. The whole price is one isolated piece
 * that never wraps; the amount (Latin digits) is its own left-to-right piece, so in Arabic the symbol stays
 * on the side an Arabic reader expects and the digits never reorder.
 */
export function ItemPrice({ item, className }: { item: Priced; className?: string }) {
  const { i18n } = useTranslation();
  const { amount, symbol, dir, gap, symbolFirst } = priceParts(item, i18n.language as LanguageCode);
  const number = (
    <bdi dir="ltr" data-testid="price-amount">
      {amount}
    </bdi>
  );
  // The symbol is isolated too: an Arabic symbol (د.أ) beside Latin digits would otherwise pull the
  // amount into its right-to-left run and swap sides in left-to-right pages.
  const sign = symbol ? <bdi>{symbol}</bdi> : null;
  return (
    <bdi dir={dir} className={`whitespace-nowrap ${className ?? ''}`} data-testid="item-price">
      {sign && symbolFirst ? (
        <>
          {sign}
          {gap}
        </>
      ) : null}
      {number}
      {sign && !symbolFirst ? (
        <>
          {gap}
          {sign}
        </>
      ) : null}
    </bdi>
  );
}

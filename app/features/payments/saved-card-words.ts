import type { TFunction } from 'i18next';
import type { SavedCard } from '../../../contract/payment-cards.ts';
import { isolateLtr } from '../../lib/bidi.ts';

/** Card networks by their own names (not translated), as Stripe codes them. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  mada: 'mada',
};

export const brandName = (brand: string) => BRAND_NAMES[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);

/** "Visa ending in 4242" */
export const cardName = (card: SavedCard, t: TFunction) =>
  t('payments.cards.ending', { brand: brandName(card.brand), last4: isolateLtr(card.last4) });

/** "Expires 12/29" */
export const cardExpiry = (card: SavedCard, t: TFunction) =>
  t('payments.cards.expires', { expiry: isolateLtr(card.expiry) });

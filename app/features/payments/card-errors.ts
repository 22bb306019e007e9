import type { TFunction } from 'i18next';
import type { StripeError } from './stripe-js.ts';

/**
 * What a card error says, in the page's language (SPEC.md 5 card validation): Stripe's card fields and the card's
 * bank name the problem by code; a code not known here keeps Stripe's own words.
 */
export function cardErrorText(error: StripeError, t: TFunction): string {
  const key = cardErrorKey(error);
  return key ? t(key) : (error.message ?? t('errors.generic'));
}

function cardErrorKey({ code = '', decline_code: declineCode }: StripeError) {
  // incomplete_number, invalid_number, incorrect_number
  if (code.endsWith('_number')) return 'validation.cardNumber';
  // expired_card, invalid_expiry_year_past, invalid_expiry_month_past
  if (code === 'expired_card' || code.endsWith('_past')) return 'validation.cardExpired';
  if (code.includes('expiry')) return 'validation.cardExpiryFormat';
  // incomplete_cvc, invalid_cvc, incorrect_cvc
  if (code.endsWith('_cvc')) return 'validation.cardCvv';
  if (declineCode === 'insufficient_funds') return 'payments.card.insufficientFunds';
  if (code === 'card_declined') return 'payments.card.declined';
  if (code === 'processing_error') return 'payments.card.processingError';
  return null;
}

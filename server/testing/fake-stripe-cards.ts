import { type Form, group, missing, newId, Refusal, seconds, text } from './fake-stripe-common.ts';

/** The fake Stripe's cards: Stripe's test cards and declines, PaymentMethods, and the card data of a confirm. */

export interface CardError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
  charge?: string;
  payment_method: ReturnType<typeof paymentMethodObject>;
  doc_url: string;
}

/** A card as the payer typed it: only ever in the fake Stripe, as card data only ever is at Stripe. */
export interface Card {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** A card's owner as Stripe.js sends them (billing_details). */
export interface BillingDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: Record<(typeof ADDRESS_FIELDS)[number], string | null>;
}

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const;

/** A PaymentMethod: its card, the Customer it is saved to (null: a card used once), and the card's owner. */
export interface StoredMethod {
  id: string;
  card: Card;
  customer: string | null;
  billing: BillingDetails;
  created: number;
}

export interface Decline {
  code: string;
  decline_code?: string;
  message: string;
}

export const DECLINES = {
  generic_decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  processing_error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  test_mode_live_card: {
    code: 'card_declined',
    decline_code: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
} satisfies Record<string, Decline>;

/** Stripe's documented test cards (https://docs.stripe.com/testing): null succeeds, a name declines. */
export const TEST_CARDS: Record<string, keyof typeof DECLINES | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '378282246310005': null,
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};

export const declineNamed = (code: string): Decline | undefined =>
  (DECLINES as Record<string, Decline>)[code === 'card_declined' ? 'generic_decline' : code];

/** Stripe's test PaymentMethods, for confirming from a server without card numbers. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

export function cardDetails(card: Card) {
  const brand = /^4/.test(card.number) ? 'visa' : /^3[47]/.test(card.number) ? 'amex' : 'mastercard';
  return { brand, last4: card.number.slice(-4), exp_month: card.expMonth, exp_year: card.expYear, funding: 'credit' };
}

function cardProblem({ number, expMonth, expYear, cvc }: Card) {
  const now = new Date();
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) {
    return { code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' };
  }
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    return { code: 'invalid_expiry_month', param: 'exp_month', message: "Your card's expiration month is invalid." };
  }
  const expired = expYear < now.getFullYear() || (expYear === now.getFullYear() && expMonth < now.getMonth() + 1);
  if (!Number.isInteger(expYear) || expired) {
    return { code: 'invalid_expiry_year', param: 'exp_year', message: "Your card's expiration year is invalid." };
  }
  if (!/^\d{3,4}$/.test(cvc))
    return { code: 'invalid_cvc', param: 'cvc', message: "Your card's security code is invalid." };
  return null;
}

function luhn(number: string) {
  let sum = 0;
  for (const [index, digit] of [...number].reverse().entries()) {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  }
  return sum % 10 === 0;
}

/** The PaymentMethod as Stripe's API shows it (never the number or the CVC). */
export function paymentMethodObject(method: StoredMethod) {
  return {
    id: method.id,
    object: 'payment_method' as const,
    type: 'card' as const,
    card: cardDetails(method.card),
    billing_details: structuredClone(method.billing),
    customer: method.customer,
    created: method.created,
    livemode: false,
    metadata: {},
  };
}

/** The decline a test card meets, null for one that pays; a card outside Stripe's test cards is a live card. */
export function declineOf(card: Card): Decline | null {
  const outcome = TEST_CARDS[card.number];
  if (outcome === undefined) return DECLINES.test_mode_live_card;
  return outcome ? DECLINES[outcome] : null;
}

export function storeMethod(methods: Map<string, StoredMethod>, card: Card, billing = billingOf({})) {
  const method: StoredMethod = { id: newId('pm'), card, customer: null, billing, created: seconds(new Date()) };
  methods.set(method.id, method);
  return method;
}

/**
 * The card of a confirm: a PaymentMethod id (saved, used before, or one of Stripe's test ones), or the card
 * fields Stripe.js sends as payment_method_data. A saved card pays only for its own Customer.
 */
export function methodFrom(methods: Map<string, StoredMethod>, params: Form, customer: string | null): StoredMethod {
  const methodId = text(params.payment_method);
  if (methodId) return existingMethod(methods, methodId, customer);
  const data = group(params.payment_method_data);
  const fields = group(data.card);
  const number = (text(fields.number) ?? '').replace(/[\s-]/g, '');
  if (!number) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message:
        "You cannot confirm this PaymentIntent because it's missing a payment method. Pass a payment_method or payment_method_data.",
    });
  }
  const year = Number(text(fields.exp_year));
  const card = {
    number,
    expMonth: Number(text(fields.exp_month)),
    expYear: year < 100 ? 2000 + year : year,
    cvc: text(fields.cvc) ?? '',
  };
  const problem = cardProblem(card);
  if (problem) throw new Refusal(402, { type: 'card_error', ...problem });
  return storeMethod(methods, card, billingOf(group(data.billing_details)));
}

function existingMethod(methods: Map<string, StoredMethod>, id: string, customer: string | null) {
  const alias = TEST_PAYMENT_METHODS[id];
  if (alias) return storeMethod(methods, { number: alias, expMonth: 12, expYear: 2099, cvc: '123' });
  const method = methods.get(id) ?? missing('payment_method', id);
  if (method.customer !== null && method.customer !== customer) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      param: 'payment_method',
      message: customer
        ? `The provided PaymentMethod ${id} belongs to another Customer than ${customer}.`
        : 'The provided PaymentMethod belongs to a Customer, but you did not provide the Customer.',
    });
  }
  return method;
}

/** billing_details as sent: what is absent is null, as in Stripe's objects. */
export function billingOf(form: Form): BillingDetails {
  const address = group(form.address);
  return {
    name: text(form.name) ?? null,
    email: text(form.email) ?? null,
    phone: text(form.phone) ?? null,
    address: Object.fromEntries(
      ADDRESS_FIELDS.map((field) => [field, text(address[field]) ?? null]),
    ) as BillingDetails['address'],
  };
}

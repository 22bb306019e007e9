import { loadProviderScript } from './provider-script.ts';

/** What Stripe says went wrong: a card field's check (validation_error) or the card's bank (card_error). */
export interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/** The part of Stripe.js this site uses: card Elements, confirmCardPayment and confirmCardSetup (https://docs.stripe.com/js). */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { empty?: boolean; error?: StripeError }) => void): StripeCardElement;
}

/** A card's owner as Stripe keeps them with a saved card. */
export interface BillingDetails {
  name: string;
  email?: string;
  phone?: string;
  address?: { line1: string; line2: string; city: string; state: string; postal_code: string };
}

export interface StripeClient {
  elements(options?: { locale?: string }): {
    create(type: 'card', options?: { style?: object; hidePostalCode?: boolean }): StripeCardElement;
  };
  /** Pays with the card in the fields, or with a saved card (its PaymentMethod id). */
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } | string; setup_future_usage?: 'on_session' },
  ): Promise<{ error?: StripeError; paymentIntent?: { status: string } }>;
  /** Saves the card in the fields to the payer's Customer (a SetupIntent's client secret). */
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: BillingDetails } },
  ): Promise<{ error?: StripeError; setupIntent?: { id: string; status: string } }>;
}

export type StripeFactory = (publishableKey: string) => StripeClient;

/**
 * Stripe.js from where the server says (STRIPE_JS_URL), in the browser only: the card fields are Stripe's own
 * frame, so card data never reaches this page's inputs or this server.
 */
export const loadStripeJs = (url: string) => loadProviderScript<StripeFactory>(url, 'Stripe');

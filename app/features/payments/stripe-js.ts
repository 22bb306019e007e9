import { loadProviderScript } from './provider-script.ts';

/** The part of Stripe.js this page uses: card Elements and confirmCardPayment (https://docs.stripe.com/js). */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { error?: { message?: string } }) => void): StripeCardElement;
}

export interface StripeClient {
  elements(options?: { locale?: string }): {
    create(type: 'card', options?: { style?: object; hidePostalCode?: boolean }): StripeCardElement;
  };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{ error?: { message?: string }; paymentIntent?: { status: string } }>;
}

export type StripeFactory = (publishableKey: string) => StripeClient;

/**
 * Stripe.js from where the server says (STRIPE_JS_URL), in the browser only: the card fields are Stripe's own
 * frame, so card data never reaches this page's inputs or this server.
 */
export const loadStripeJs = (url: string) => loadProviderScript<StripeFactory>(url, 'Stripe');

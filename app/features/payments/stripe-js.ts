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

const loads = new Map<string, Promise<StripeFactory>>();

/**
 * Stripe.js from where the server says (STRIPE_JS_URL), added to the page once, in the browser only: the card
 * fields are Stripe's own frame, so card data never reaches this page's inputs or this server. A load that
 * failed is tried again on the next call.
 */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  const known = loads.get(url);
  if (known) return known;
  const loading = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const factory = (window as { Stripe?: StripeFactory }).Stripe;
      if (factory) return resolve(factory);
      loads.delete(url);
      reject(new Error('Stripe.js did not define Stripe'));
    };
    script.onerror = () => {
      script.remove();
      loads.delete(url);
      reject(new Error('Stripe.js could not be fetched'));
    };
    document.head.append(script);
  });
  loads.set(url, loading);
  return loading;
}

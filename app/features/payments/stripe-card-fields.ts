import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardErrorText } from './card-errors.ts';
import { loadStripeJs, type StripeCardElement, type StripeClient } from './stripe-js.ts';

export type CardFieldsPhase = 'loading' | 'ready' | 'loadFailed' | 'busy';

/**
 * The card fields' colours, which Stripe draws inside its own frame: dark text on the white box that holds the
 * frame, in both themes. The box is light (its color-scheme too): a frame whose colour scheme differs from its
 * page's is drawn on an opaque background, which would hide the box.
 */
const CARD_STYLE = {
  base: { color: '#0f172a', fontSize: '16px', '::placeholder': { color: '#64748b' } },
  invalid: { color: '#b91c1c' },
};

/**
 * Stripe.js, and Stripe's card fields (number, expiry MM/YY, CVC) in the box given to `host` while it is on the
 * page (a saved card chosen instead takes the box away, and the fields with it); their errors in the page's words.
 */
export function useStripeCardFields(stripeKeys: { js_url: string; publishable_key: string }) {
  const { t, i18n } = useTranslation();
  const [phase, setPhase] = useState<CardFieldsPhase>('loading');
  const [error, setError] = useState<string | null>(null);
  const [empty, setEmpty] = useState(true);
  const [stripe, setStripe] = useState<StripeClient | null>(null);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const card = useRef<StripeCardElement | null>(null);
  // The fields stay mounted while the page's texts load: their errors are worded when they happen.
  const words = useRef(t);
  words.current = t;
  const { js_url: jsUrl, publishable_key: publishableKey } = stripeKeys;

  useEffect(() => {
    let gone = false;
    setPhase('loading');
    loadStripeJs(jsUrl).then(
      (Stripe) => {
        if (gone) return;
        setStripe(Stripe(publishableKey));
        setPhase('ready');
      },
      () => !gone && setPhase('loadFailed'),
    );
    return () => {
      gone = true;
    };
  }, [jsUrl, publishableKey]);

  useEffect(() => {
    if (!stripe || !host) return;
    const element = stripe
      .elements({ locale: i18n.language })
      .create('card', { style: CARD_STYLE, hidePostalCode: true });
    element.on('change', (event) => {
      setEmpty(event.empty ?? false);
      setError(event.error ? cardErrorText(event.error, words.current) : null);
    });
    element.mount(host);
    card.current = element;
    return () => {
      element.destroy();
      card.current = null;
      setEmpty(true);
      setError(null);
    };
  }, [stripe, host, i18n.language]);

  /** `empty`: nothing typed in the card fields yet; `card`: the fields, while they are on the page. */
  return { phase, setPhase, error, setError, empty, stripe, card, host: setHost };
}

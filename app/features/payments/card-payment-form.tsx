import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Payment, PaymentAction } from '../../../contract/payments.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { Loader2, Lock, RefreshCw } from '../../components/ui/icons.tsx';
import { ModalClose } from '../../components/ui/modal.tsx';
import { apiPost } from '../../lib/api-client.ts';
import { isolate } from '../../lib/bidi.ts';
import { loadStripeJs, type StripeCardElement, type StripeClient } from './stripe-js.ts';

type Phase = 'loading' | 'ready' | 'loadFailed' | 'paying';
type StripeAction = Extract<PaymentAction, { kind: 'stripe' }>;

/**
 * The card fields' colours, which Stripe draws inside its own frame: dark text on the white box that holds the
 * frame, in both themes. The box is light (its color-scheme too): a frame whose colour scheme differs from its
 * page's is drawn on an opaque background, which would hide the box.
 */
const CARD_STYLE = {
  base: { color: '#0f172a', fontSize: '16px', '::placeholder': { color: '#64748b' } },
  invalid: { color: '#b91c1c' },
};

/** Stripe.js, and the card fields mounted in `host`. */
function useCardFields(action: StripeAction, host: React.RefObject<HTMLDivElement | null>) {
  const { i18n } = useTranslation();
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState<string | null>(null);
  const parts = useRef<{ stripe: StripeClient; card: StripeCardElement } | null>(null);
  useEffect(() => {
    let card: StripeCardElement | null = null;
    let gone = false;
    setPhase('loading');
    loadStripeJs(action.js_url).then(
      (Stripe) => {
        if (gone || !host.current) return;
        const stripe = Stripe(action.publishable_key);
        card = stripe.elements({ locale: i18n.language }).create('card', { style: CARD_STYLE, hidePostalCode: true });
        card.on('change', (event) => setError(event.error?.message ?? null));
        card.mount(host.current);
        parts.current = { stripe, card };
        setPhase('ready');
      },
      () => !gone && setPhase('loadFailed'),
    );
    return () => {
      gone = true;
      card?.destroy();
      parts.current = null;
    };
  }, [action.js_url, action.publishable_key, i18n.language, host]);
  return { phase, setPhase, error, setError, parts };
}

/**
 * The card step of a promotion (SPEC.md 2 card payment): Stripe's card fields in their frame, confirmed with
 * Stripe.js; then the server asks Stripe how the payment stands, and `onSettled` gets the payment (null when
 * the server could not be asked: the payment catches up on its own).
 */
export default function CardPaymentForm(props: CardFormProps) {
  const [attempt, setAttempt] = useState(0);
  // A failed load is tried again with a new form: Stripe.js and its fields start over.
  return <CardForm key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />;
}

interface CardFormProps {
  action: StripeAction;
  paymentId: string;
  amount: string;
  onSettled: (payment: Payment | null) => void;
}

function CardForm({ action, paymentId, amount, onSettled, onRetry }: CardFormProps & { onRetry: () => void }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const { phase, setPhase, error, setError, parts } = useCardFields(action, host);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const current = parts.current;
    if (!current || phase !== 'ready') return;
    setPhase('paying');
    setError(null);
    const confirmed = await current.stripe
      .confirmCardPayment(action.client_secret, { payment_method: { card: current.card } })
      .catch(() => ({ error: { message: t('errors.generic') } }));
    if (confirmed.error) {
      setError(confirmed.error.message ?? t('errors.generic'));
      setPhase('ready');
      return;
    }
    const payment = await apiPost<Payment>(`/api/v1/payments/${encodeURIComponent(paymentId)}/refresh`).catch(
      () => null,
    );
    onSettled(payment);
  };

  return (
    <form onSubmit={pay} className="mt-4 flex flex-col gap-4" data-testid="card-payment">
      <fieldset>
        <legend className="text-sm font-semibold">{t('payments.card.fields')}</legend>
        <div
          ref={host}
          className="mt-1 min-h-12 rounded-xl border border-slate-300 bg-white px-3 py-3 [color-scheme:light] dark:border-slate-600"
        />
        {phase === 'loading' && (
          <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {t('payments.card.loading')}
          </p>
        )}
        <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
          <Lock className="size-3.5" aria-hidden />
          {t('payments.card.secured')}
        </p>
      </fieldset>
      {phase === 'loadFailed' && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <span>{t('payments.card.loadFailed')}</span>
          <button type="button" onClick={onRetry} className={`${secondaryButtonClass} text-sm`}>
            <RefreshCw className="size-4" aria-hidden />
            {t('payments.card.retry')}
          </button>
        </div>
      )}
      {error && (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          data-testid="card-error"
        >
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ModalClose className={secondaryButtonClass}>{t('payments.card.later')}</ModalClose>
        <button type="submit" disabled={phase !== 'ready'} className={`${primaryButtonClass} sm:w-auto`}>
          {phase === 'paying' && <Loader2 className="size-5 animate-spin" aria-hidden />}
          {phase === 'paying' ? t('payments.card.paying') : t('payments.card.pay', { amount: isolate(amount) })}
        </button>
      </div>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Payment, PaymentAction } from '../../../contract/payments.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { Loader2 } from '../../components/ui/icons.tsx';
import { ModalClose } from '../../components/ui/modal.tsx';
import { apiPost } from '../../lib/api-client.ts';
import { isolate } from '../../lib/bidi.ts';
import { cardErrorText } from './card-errors.ts';
import { CardErrorNote, CardFieldsBox } from './card-fields-box.tsx';
import { KeepCardCheckbox, NEW_CARD, SavedCardChoice, useSavedCardChoice } from './saved-card-choice.tsx';
import { useStripeCardFields } from './stripe-card-fields.ts';

type StripeAction = Extract<PaymentAction, { kind: 'stripe' }>;

/**
 * The card step of a payment (SPEC.md 2 card payment): one of the payer's saved cards, or Stripe's card fields in
 * their frame (the card kept for next time when they ask), confirmed with Stripe.js; then the server asks Stripe
 * how the payment stands, and `onSettled` gets the payment (null when the server could not be asked: the payment
 * catches up on its own).
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
  const { phase, setPhase, error, setError, stripe, card, host } = useStripeCardFields(action);
  const saved = useSavedCardChoice();

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const fields = card.current;
    const paymentMethod = saved.choice === NEW_CARD ? fields && { card: fields } : saved.choice;
    if (!stripe || !paymentMethod || phase !== 'ready') return;
    setPhase('busy');
    setError(null);
    const confirmed = await stripe
      .confirmCardPayment(action.client_secret, {
        payment_method: paymentMethod,
        ...(saved.choice === NEW_CARD && saved.keep ? { setup_future_usage: 'on_session' as const } : {}),
      })
      .catch(() => ({ error: { message: t('errors.generic') } }));
    if (confirmed.error) {
      setError(cardErrorText(confirmed.error, t));
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
      <SavedCardChoice saved={saved} />
      <CardFieldsBox
        host={host}
        phase={phase}
        legend={t('payments.card.fields')}
        shown={saved.choice === NEW_CARD}
        onRetry={onRetry}
      />
      <KeepCardCheckbox saved={saved} />
      <CardErrorNote error={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ModalClose className={secondaryButtonClass}>{t('payments.card.later')}</ModalClose>
        <button type="submit" disabled={phase !== 'ready'} className={`${primaryButtonClass} sm:w-auto`}>
          {phase === 'busy' && <Loader2 className="size-5 animate-spin" aria-hidden />}
          {phase === 'busy' ? t('payments.card.paying') : t('payments.card.pay', { amount: isolate(amount) })}
        </button>
      </div>
    </form>
  );
}

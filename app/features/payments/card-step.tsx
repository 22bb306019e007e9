import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { Payment, PaymentAction, PaymentStatus } from '../../../contract/payments.ts';
import { primaryButtonClass } from '../../components/ui/form-classes.ts';
import { CreditCard } from '../../components/ui/icons.tsx';
import { Modal, ModalLoading, ModalTrigger } from '../../components/ui/modal.tsx';
import { onDemand } from '../../lib/optional-chunk.ts';

// Stripe.js and the card form load only when someone pays by card.
const CardForm = onDemand(() => import('./card-payment-form.tsx').then((module) => module.default));

/**
 * Something booked to be paid by card (a promotion, the membership): the card dialog opens at once (and again
 * from its button), and once Stripe has answered, what became of the payment; the page's data is then read
 * again.
 */
export function CardStep({
  action,
  paymentId,
  amount,
  words,
  outcome,
  openAtOnce = true,
  onAnswer,
}: {
  action: Extract<PaymentAction, { kind: 'stripe' }>;
  paymentId: string;
  /** The amount to pay, as the page's language writes it. */
  amount: string;
  /** The step's title, what is booked and what to pay, and what to do without JavaScript. */
  words: { title: string; text: string; needsScript: string };
  /** What became of the payment, once Stripe has answered. */
  outcome: (status: PaymentStatus) => ReactNode;
  /** Whether the dialog opens as soon as the page's code runs (right after booking) or on the payer's press. */
  openAtOnce?: boolean;
  /** Told once Stripe has answered, before the page's data is read again. */
  onAnswer?: (status: PaymentStatus) => void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [settled, setSettled] = useState<PaymentStatus | null>(null);
  // Opened by the page's code as soon as it runs: paying is the one thing left to do here.
  useEffect(() => setOpen(openAtOnce), [openAtOnce]);

  if (settled && settled !== 'created') return outcome(settled);
  const onSettled = (answer: Payment | null) => {
    const status = answer?.status ?? 'requires_action';
    setOpen(false);
    setSettled(status);
    onAnswer?.(status);
    void revalidator.revalidate();
  };
  return (
    <div className="flex flex-col items-start gap-3" data-testid="card-step">
      <h3 className="text-lg font-bold">{words.title}</h3>
      <p className="text-slate-700 dark:text-slate-300">{words.text}</p>
      <noscript>
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{words.needsScript}</p>
      </noscript>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t('payments.card.title')}
        description={t('payments.card.intro')}
        showDescription
        testId="card-dialog"
        trigger={
          <ModalTrigger className={`${primaryButtonClass} sm:w-auto`}>
            <CreditCard className="size-5" aria-hidden />
            {t('payments.started.payNow')}
          </ModalTrigger>
        }
      >
        <Suspense fallback={<ModalLoading />}>
          <CardForm.Part action={action} paymentId={paymentId} amount={amount} onSettled={onSettled} />
        </Suspense>
      </Modal>
    </div>
  );
}

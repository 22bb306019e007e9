import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PaymentStart, PaymentStatus } from '../../../contract/payments.ts';
import { primaryButtonClass } from '../../components/ui/form-classes.ts';
import { Wallet } from '../../components/ui/icons.tsx';
import { isolate } from '../../lib/bidi.ts';
import { formatAmount } from '../../lib/money.ts';
import { CardStep } from './card-step.tsx';
import { PaymentOutcome } from './payment-outcome.tsx';
import { providerName } from './payment-words.tsx';
import { RazorpayStep } from './razorpay-step.tsx';

/**
 * On the receipt of a payment left unpaid (a card dialog closed, a provider's page left): the same step its
 * start gave, opened by the payer's press, so a booked promotion, membership or bump can still be paid.
 */
export function FinishPaying({
  start,
  onAnswer,
}: {
  start: PaymentStart;
  /** Told once the provider has answered, so the page keeps this step (and its outcome) once it reads "paid". */
  onAnswer?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { payment, action } = start;
  const amount = formatAmount(payment.amount, payment.currency, i18n.language as LanguageCode);
  const words = { title: t('payments.finish.title'), text: t('payments.finish.text', { amount: isolate(amount) }) };
  const outcome = (status: PaymentStatus) => (
    <PaymentOutcome
      status={status}
      words={{
        paid: {
          // 'Successfully paid AD' for a promotion (SPEC.md 2), as on the way back from a provider's page.
          title: payment.purpose === 'promotion' ? t('messages.promotionPaid') : t('payments.returned.paidTitle'),
          text: t('payments.returned.paidText'),
        },
        failed: { title: t('payments.started.failedTitle'), text: t('payments.finish.failedText') },
        pending: { title: t('payments.started.pendingTitle'), text: t('payments.finish.pendingText') },
      }}
      links={null}
    />
  );
  let step: React.ReactNode = null;
  if (action.kind === 'stripe') {
    step = (
      <CardStep
        action={action}
        paymentId={payment.id}
        amount={amount}
        words={{ ...words, needsScript: t('payments.started.needsScript') }}
        outcome={outcome}
        openAtOnce={false}
        onAnswer={onAnswer}
      />
    );
  } else if (action.kind === 'razorpay') {
    step = (
      <RazorpayStep
        action={action}
        paymentId={payment.id}
        words={words}
        outcome={outcome}
        openAtOnce={false}
        onAnswer={onAnswer}
      />
    );
  } else if (action.kind === 'redirect') {
    step = (
      <div className="flex flex-col items-start gap-3">
        <h3 className="text-lg font-bold">{words.title}</h3>
        <p className="text-slate-700 dark:text-slate-300">{words.text}</p>
        <a href={action.url} className={`${primaryButtonClass} sm:w-auto`}>
          <Wallet className="size-5" aria-hidden />
          {t('payments.finish.continueOn', { provider: providerName(payment.method) })}
        </a>
      </div>
    );
  }
  if (!step) return null;
  return (
    <section
      aria-label={words.title}
      className="mt-4 rounded-3xl border border-amber-300 bg-amber-50 p-5 print:hidden dark:border-amber-800 dark:bg-amber-950/40"
      data-testid="finish-paying"
    >
      {step}
    </section>
  );
}

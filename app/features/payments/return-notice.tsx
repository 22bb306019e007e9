import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '../../../contract/payments.ts';
import { CheckCircle2, Info, XCircle } from '../../components/ui/icons.tsx';

type Outcome = 'paid' | 'cancelled' | 'failed' | 'pending';

const LOOKS = {
  paid: { Icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  cancelled: { Icon: XCircle, tone: 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100' },
  failed: { Icon: XCircle, tone: 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100' },
  pending: { Icon: Info, tone: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
} as const;

function outcomeOf(payment: Payment, cancelled: boolean): Outcome {
  if (payment.status === 'succeeded') return 'paid';
  if (payment.status === 'failed') return 'failed';
  return cancelled ? 'cancelled' : 'pending';
}

/**
 * Back on the receipt from a provider's own page (PayPal, Paystack): the server has asked the provider, and
 * this says how the payment stands ('Successfully paid AD' for a promotion), with a way to try again.
 */
export function ReturnNotice({ payment, cancelled }: { payment: Payment; cancelled: boolean }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(payment, cancelled);
  const { Icon, tone } = LOOKS[outcome];
  const isPromotion = payment.purpose === 'promotion';
  const words: Record<Outcome, [string, string]> = {
    paid: [
      isPromotion ? t('messages.promotionPaid') : t('payments.returned.paidTitle'),
      t('payments.returned.paidText'),
    ],
    cancelled: [t('payments.returned.cancelledTitle'), t('payments.returned.cancelledText')],
    failed: [t('payments.started.failedTitle'), t('payments.started.failedText')],
    pending: [t('payments.started.pendingTitle'), t('payments.started.pendingText')],
  };
  const [title, text] = words[outcome];
  const mayRetry = isPromotion && payment.item_id && (outcome === 'cancelled' || outcome === 'failed');
  return (
    <div
      role="status"
      className={`mt-4 flex items-start gap-3 rounded-2xl p-4 print:hidden ${tone}`}
      data-testid="return-notice"
      data-outcome={outcome}
    >
      <Icon className="mt-0.5 size-6 shrink-0" aria-hidden />
      <div>
        <p className="font-bold">{title}</p>
        <p className="mt-1">{text}</p>
        {mayRetry && (
          <Link
            to={`/paid-items?${new URLSearchParams({ item_id: payment.item_id ?? '' })}`}
            className="mt-2 inline-block font-semibold underline"
          >
            {t('payments.returned.tryAgain')}
          </Link>
        )}
      </div>
    </div>
  );
}

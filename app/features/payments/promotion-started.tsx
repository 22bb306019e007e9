import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PaymentStatus } from '../../../contract/payments.ts';
import type { PromotionStart } from '../../../contract/promotions.ts';
import { isolate, isolateLtr } from '../../lib/bidi.ts';
import { formatAmount } from '../../lib/money.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { CardStep } from './card-step.tsx';
import { OfflineStarted } from './offline-started.tsx';
import { PaymentOutcome } from './payment-outcome.tsx';
import { RazorpayStep } from './razorpay-step.tsx';
import { ResultLinks } from './result-links.tsx';

/** A booked promotion: how to pay offline, the card step, or (a form sent twice) how its payment stands. */
export function PromotionStarted({ start }: { start: PromotionStart }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { paid_ad: ad, payment } = start;
  const { action } = payment;
  const startDate = isolateLtr(formatDateTime(ad.start_date));
  const outcome = (status: PaymentStatus) => (
    <PaymentOutcome
      status={status}
      words={{
        paid: { title: t('messages.promotionPaid'), text: t('payments.started.paidText', { date: startDate }) },
        failed: { title: t('payments.started.failedTitle'), text: t('payments.started.failedText') },
        pending: { title: t('payments.started.pendingTitle'), text: t('payments.started.pendingText') },
      }}
      links={<ResultLinks paymentId={payment.payment.id} next="paidAds" />}
    />
  );
  if (action.kind === 'offline') {
    return (
      <OfflineStarted
        action={action}
        payment={payment.payment}
        due={ad}
        words={{
          title: t('payments.started.offlineTitle'),
          text: t('payments.started.offlineText', { date: startDate }),
        }}
        next="paidAds"
        testId="promotion-waiting"
      />
    );
  }
  if (action.kind === 'razorpay') {
    const amount = formatAmount(ad.amount, ad.currency, i18n.language as LanguageCode);
    const days = t('payments.days', { count: ad.package_days });
    return (
      <RazorpayStep
        action={action}
        paymentId={payment.payment.id}
        words={{
          title: t('payments.started.cardTitle'),
          text: t('payments.started.razorpayText', { days, amount: isolate(amount) }),
        }}
        outcome={outcome}
      />
    );
  }
  if (action.kind === 'stripe') {
    const amount = formatAmount(ad.amount, ad.currency, i18n.language as LanguageCode);
    return (
      <CardStep
        action={action}
        paymentId={payment.payment.id}
        amount={amount}
        words={{
          title: t('payments.started.cardTitle'),
          text: t('payments.started.cardText', {
            days: t('payments.days', { count: ad.package_days }),
            amount: isolate(amount),
          }),
          needsScript: t('payments.started.needsScript'),
        }}
        outcome={outcome}
      />
    );
  }
  return outcome(payment.payment.status);
}

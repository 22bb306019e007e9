import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../contract/language.ts';
import type { MembershipStart } from '../../../contract/memberships.ts';
import type { PaymentStatus } from '../../../contract/payments.ts';
import { isolate } from '../../lib/bidi.ts';
import { formatAmount } from '../../lib/money.ts';
import { CardStep } from './card-step.tsx';
import { OfflineStarted } from './offline-started.tsx';
import { PaymentOutcome } from './payment-outcome.tsx';
import { RazorpayStep } from './razorpay-step.tsx';
import { ResultLinks } from './result-links.tsx';

/**
 * A membership booked: how to pay offline (it waits for an operator's approval), the card step, or how its
 * payment stands (a coupon that made it free, a form sent twice).
 */
export function MembershipStarted({ start }: { start: MembershipStart }) {
  const { t, i18n } = useTranslation();
  const { membership, payment } = start;
  const { action } = payment;
  // What is due is the payment's: the price less a coupon's discount.
  const due = payment.payment;
  const outcome = (status: PaymentStatus) => (
    <PaymentOutcome
      status={status}
      words={{
        paid: { title: t('payments.membership.paidTitle'), text: t('payments.membership.paidText') },
        failed: { title: t('payments.started.failedTitle'), text: t('payments.membership.failedText') },
        pending: { title: t('payments.started.pendingTitle'), text: t('payments.membership.pendingText') },
      }}
      links={<ResultLinks paymentId={payment.payment.id} next="profile" />}
    />
  );
  if (action.kind === 'offline') {
    return (
      <OfflineStarted
        action={action}
        payment={payment.payment}
        due={due}
        words={{ title: t('payments.membership.offlineTitle'), text: t('payments.membership.offlineText') }}
        next="profile"
        testId="membership-waiting"
      />
    );
  }
  if (action.kind === 'razorpay') {
    const amount = formatAmount(due.amount, due.currency, i18n.language as LanguageCode);
    const days = t('payments.days', { count: membership.days });
    return (
      <RazorpayStep
        action={action}
        paymentId={payment.payment.id}
        words={{
          title: t('payments.membership.cardTitle'),
          text: t('payments.membership.razorpayText', { days, amount: isolate(amount) }),
        }}
        outcome={outcome}
      />
    );
  }
  if (action.kind === 'stripe') {
    const amount = formatAmount(due.amount, due.currency, i18n.language as LanguageCode);
    return (
      <CardStep
        action={action}
        paymentId={payment.payment.id}
        amount={amount}
        words={{
          title: t('payments.membership.cardTitle'),
          text: t('payments.membership.cardText', {
            days: t('payments.days', { count: membership.days }),
            amount: isolate(amount),
          }),
          needsScript: t('payments.membership.needsScript'),
        }}
        outcome={outcome}
      />
    );
  }
  return outcome(payment.payment.status);
}

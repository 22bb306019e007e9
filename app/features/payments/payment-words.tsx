import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentStatus } from '../../../contract/payments.ts';
import type { PaidAdState } from '../../../contract/promotions.ts';
import type { MembershipState } from './membership.ts';

/** The providers' brand names: written the same in every language. */
const BRANDS: Partial<Record<PaymentMethod, string>> = { paypal: 'PayPal', razor: 'Razorpay', paystack: 'Paystack' };

/** A provider's brand, as its own page is called. */
export const providerName = (method: PaymentMethod) => BRANDS[method] ?? method;

/** How a payment was made, as the payer reads it: a card, an offline payment, a provider's brand, an app store. */
export function PaymentMethodName({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation();
  if (method === 'stripe') return t('payments.methods.card');
  if (method === 'offline') return t('payments.methods.offline');
  if (method === 'In_App_Purchase') return t('payments.methods.inApp');
  return <bdi dir="ltr">{BRANDS[method] ?? method}</bdi>;
}

type Tone = 'wait' | 'good' | 'bad' | 'plain' | 'soon';

/** The word carries the meaning; the colour only repeats it. */
const TONES: Record<Tone, string> = {
  wait: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
  bad: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50',
  plain: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  soon: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50',
};

const PAYMENT_TONES: Record<PaymentStatus, Tone> = {
  created: 'plain',
  requires_action: 'wait',
  pending_review: 'wait',
  succeeded: 'good',
  failed: 'bad',
  refunded: 'plain',
};

const AD_TONES: Record<PaidAdState, Tone> = {
  awaiting_payment: 'wait',
  waiting_approval: 'wait',
  not_started: 'soon',
  in_progress: 'good',
  completed: 'plain',
  rejected: 'bad',
  cancelled: 'plain',
  refunded: 'plain',
};

const MEMBERSHIP_TONES: Record<MembershipState, Tone> = {
  pending: 'wait',
  upcoming: 'soon',
  active: 'good',
  ended: 'plain',
  cancelled: 'plain',
  refunded: 'plain',
};

function Badge({ tone, label, testId, state }: { tone: Tone; label: string; testId: string; state: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold print:border print:border-black print:bg-transparent print:text-black ${TONES[tone]}`}
      data-testid={testId}
      data-state={state}
    >
      {label}
    </span>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      tone={PAYMENT_TONES[status]}
      label={t(`payments.paymentStatus.${status}`)}
      testId="payment-status"
      state={status}
    />
  );
}

export function PaidAdStateBadge({ state }: { state: PaidAdState }) {
  const { t } = useTranslation();
  return <Badge tone={AD_TONES[state]} label={t(`payments.adState.${state}`)} testId="paid-ad-state" state={state} />;
}

export function MembershipStateBadge({ state }: { state: MembershipState }) {
  const { t } = useTranslation();
  return (
    <Badge
      tone={MEMBERSHIP_TONES[state]}
      label={t(`payments.membership.state.${state}`)}
      testId="membership-state"
      state={state}
    />
  );
}

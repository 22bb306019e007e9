import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, NavLink, useNavigation } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Paged } from '../../../contract/paging.ts';
import { CONSOLE_PAYMENT_FILTERS, type ConsolePaymentFilter } from '../../../contract/payment-basics.ts';
import type { ConsolePayment } from '../../../contract/payments.ts';
import {
  dangerButtonClass,
  inputClass,
  pillLinkClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../components/ui/form-classes.ts';
import { Check, Receipt, RotateCcw, UserRound, XCircle } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { formatAmount } from '../../lib/money.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { PaymentMethodName, PaymentStatusBadge } from './payment-words.tsx';

/** The longest reason an operator gives for a rejected transfer (contract/payments.ts offlineReviewSchema). */
const REASON_MAX = 500;

/**
 * /admin/payments (issue 24): the transfers waiting for an operator, the oldest first, with what the payer
 * wrote as reference, to approve (what they paid for starts) or reject with a reason; and every payment, where
 * a completed one can be refunded through its provider.
 */
export function ConsolePayments({
  filter,
  firstPage,
  language,
  tabs,
}: {
  filter: ConsolePaymentFilter;
  firstPage: Paged<ConsolePayment>;
  language: string;
  /** The tabs between the console's money pages. */
  tabs: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-6" aria-labelledby="console-payments-title">
      {tabs}
      <h1 id="console-payments-title" className="text-2xl font-bold">
        {t('console.payments.title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('console.payments.intro')}</p>
      <nav aria-label={t('console.payments.filtersLabel')} className="mt-4 flex gap-2">
        {CONSOLE_PAYMENT_FILTERS.map((each) => (
          <NavLink
            key={each}
            to={`/admin/payments?status=${each}`}
            aria-current={each === filter ? 'page' : undefined}
            className={pillLinkClass(each === filter)}
          >
            {t(`console.payments.filters.${each}`)}
          </NavLink>
        ))}
      </nav>
      <PagedList
        key={filter}
        firstPage={firstPage}
        source={{ path: '/api/v1/admin/payments', query: { status: filter, lang: language } }}
        empty={<p className="mt-6 text-slate-600 dark:text-slate-400">{t(`console.payments.empty.${filter}`)}</p>}
      >
        {(payments) => (
          <ul className="mt-6 flex flex-col gap-3" data-testid="console-payments">
            {payments.map((payment) => (
              <PaymentEntry key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function PaymentEntry({ payment }: { payment: ConsolePayment }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="console-payment"
      data-payment-id={payment.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">
            {t(`payments.purposes.${payment.purpose}`)}
            {payment.item_title && (
              <>
                {' · '}
                <bdi>{payment.item_title}</bdi>
              </>
            )}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={payment.added_date} dir="ltr">
              {formatDateTime(payment.added_date)}
            </time>
            <span aria-hidden>·</span>
            {payment.offline_method_title ? (
              <bdi>{payment.offline_method_title}</bdi>
            ) : (
              <PaymentMethodName method={payment.method} />
            )}
          </p>
          {payment.payer_reference && (
            <p className="mt-1 text-sm">
              {t('console.payments.reference')} <bdi className="font-semibold">{payment.payer_reference}</bdi>
            </p>
          )}
        </div>
        <div className="flex flex-col items-end gap-1.5">
          <bdi dir="ltr" className="font-bold tabular-nums">
            {formatAmount(payment.amount, payment.currency, i18n.language as LanguageCode)}
          </bdi>
          <PaymentStatusBadge status={payment.status} />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm font-semibold">
        <Link
          to={`/admin/users/${encodeURIComponent(payment.user_id)}`}
          className="inline-flex items-center gap-1 text-brand-700 hover:underline dark:text-brand-300"
        >
          <UserRound className="size-4" aria-hidden />
          {t('console.payments.payer')}
        </Link>
        <Link
          to={`/payments/${encodeURIComponent(payment.id)}`}
          className="inline-flex items-center gap-1 text-brand-700 hover:underline dark:text-brand-300"
        >
          <Receipt className="size-4" aria-hidden />
          {t('console.payments.receipt')}
        </Link>
      </div>
      {payment.status === 'pending_review' && <ReviewForms payment={payment} />}
      {payment.status === 'succeeded' && payment.method !== 'In_App_Purchase' && <RefundForm payment={payment} />}
    </li>
  );
}

/** Approve the transfer, or reject it saying why (the payer reads the reason on the receipt). */
function ReviewForms({ payment }: { payment: ConsolePayment }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const reasonId = `reason-${payment.id}`;
  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-end dark:border-slate-800">
      <Form method="post">
        <PaymentIntentButton paymentId={payment.id} intent="approve" className={primaryButtonClass} busy={busy}>
          <Check className="size-5" aria-hidden />
          {t('console.payments.approve')}
        </PaymentIntentButton>
      </Form>
      <Form method="post" className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={reasonId} className="text-sm font-semibold">
            {t('console.payments.reason')}
          </label>
          <input id={reasonId} name="reason" maxLength={REASON_MAX} dir="auto" className={inputClass} />
        </div>
        <PaymentIntentButton paymentId={payment.id} intent="reject" className={dangerButtonClass} busy={busy}>
          <XCircle className="size-5" aria-hidden />
          {t('console.payments.reject')}
        </PaymentIntentButton>
      </Form>
    </div>
  );
}

/** Give the money back through the provider (offline: record that it was given back); what it paid for ends. */
function RefundForm({ payment }: { payment: ConsolePayment }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <PaymentIntentButton paymentId={payment.id} intent="refund" className={secondaryButtonClass} busy={busy}>
        <RotateCcw className="size-5" aria-hidden />
        {t('console.payments.refund')}
      </PaymentIntentButton>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('console.payments.refundHint')}</p>
    </Form>
  );
}

/** A decision's submit button, with the payment it is about, inside that decision's form. */
function PaymentIntentButton({
  paymentId,
  intent,
  className,
  busy,
  children,
}: {
  paymentId: string;
  intent: 'approve' | 'reject' | 'refund';
  className: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <input type="hidden" name="payment_id" value={paymentId} />
      <button type="submit" name="intent" value={intent} disabled={busy} className={`${className} sm:w-auto`}>
        {children}
      </button>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Payment } from '../../../contract/payments.ts';
import { secondaryButtonClass } from '../../components/ui/form-classes.ts';
import { ArrowLeft, ArrowRight, Loader2, Printer, RefreshCw } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { formatAmount } from '../../lib/money.ts';
import { useReceiptRows } from './receipt-rows.tsx';
import { ReturnNotice } from './return-notice.tsx';

/** A payment still waiting for its provider's word: the payer may have the server ask again. */
const ASKABLE = new Set<Payment['status']>(['created', 'requires_action']);

/**
 * /payments/{id}: a payment's receipt in the reader's language (SPEC.md 2 payments), printable: the page's
 * header, footer and buttons are left out of the print, and the receipt prints black on white.
 */
export function PaymentReceipt({
  payment,
  payerName,
  returned,
  finish,
}: {
  payment: Payment;
  payerName: string;
  /** Back from the provider's own page, and whether the payer cancelled there. */
  returned: { cancelled: boolean } | null;
  /** How to finish paying, while the payment is unpaid. */
  finish?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const amount = formatAmount(payment.amount, payment.currency, i18n.language as LanguageCode);
  const rows = useReceiptRows(payment, payerName, amount);
  const Back = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;
  return (
    <article className="mx-auto max-w-2xl px-4 py-6 print:max-w-none print:p-0" aria-labelledby="receipt-title">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link
          to="/payments"
          className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <Back className="size-4" aria-hidden />
          {t('payments.receipt.back')}
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          className={secondaryButtonClass}
          data-testid="print-receipt"
        >
          <Printer className="size-5" aria-hidden />
          {t('payments.receipt.print')}
        </button>
      </div>
      {returned && <ReturnNotice payment={payment} cancelled={returned.cancelled} />}
      {finish}
      <div
        className="mt-4 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900 print:mt-0 print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none"
        data-testid="receipt"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-5 dark:border-slate-800 print:border-black">
          <div className="flex items-center gap-2">
            <Logo />
          </div>
          <div className="text-end">
            <h1 id="receipt-title" className="text-xl font-bold sm:text-2xl">
              {t('payments.receipt.title')}
            </h1>
            <p className="mt-1 text-3xl font-extrabold text-brand-700 dark:text-brand-300 print:text-black">
              <bdi dir="ltr" data-testid="receipt-amount">
                {amount}
              </bdi>
            </p>
          </div>
        </header>
        <dl className="divide-y divide-slate-200 dark:divide-slate-800 print:divide-slate-400">
          {rows.map(([label, value]) => (
            <div
              key={label}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6"
            >
              <dt className="shrink-0 text-sm text-slate-600 dark:text-slate-400 print:text-slate-700">{label}</dt>
              <dd className="min-w-0 font-medium break-words sm:text-end">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 border-t border-slate-200 pt-4 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400 print:border-black print:text-slate-700">
          {t('payments.receipt.issuedBy', { app: t('app.name') })}
        </p>
      </div>
      {ASKABLE.has(payment.status) && <AskAgain />}
    </article>
  );
}

/** Has the server ask the provider how a payment left unfinished stands (after paying in another tab). */
function AskAgain() {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="mt-4 print:hidden">
      <button type="submit" name="intent" value="refresh" disabled={busy} className={secondaryButtonClass}>
        {busy ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <RefreshCw className="size-5" aria-hidden />}
        {t('payments.receipt.refresh')}
      </button>
    </Form>
  );
}

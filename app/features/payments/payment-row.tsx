import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Payment } from '../../../contract/payments.ts';
import { ArrowUpToLine, Crown, type IconComponent, Megaphone, Wallet } from '../../components/ui/icons.tsx';
import { formatAmount } from '../../lib/money.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { PaymentMethodName, PaymentStatusBadge } from './payment-words.tsx';

const PURPOSE_ICONS: Partial<Record<Payment['purpose'], IconComponent>> = {
  promotion: Megaphone,
  membership: Crown,
  bump: ArrowUpToLine,
};

/** One payment of the payer's list: what for, when, how, how much and how it stands; it opens its receipt. */
export function PaymentRow({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const Icon = PURPOSE_ICONS[payment.purpose] ?? Wallet;
  return (
    <li
      className="relative flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
      data-testid="payment-row"
      data-payment-id={payment.id}
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">
          <Link
            to={`/payments/${encodeURIComponent(payment.id)}`}
            className="after:absolute after:inset-0 after:rounded-2xl hover:underline"
          >
            {t(`payments.purposes.${payment.purpose}`)}
          </Link>
        </h2>
        {payment.item_title && (
          <p className="truncate text-sm text-slate-700 dark:text-slate-300">
            <bdi>{payment.item_title}</bdi>
          </p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={payment.added_date} dir="ltr">
            {formatDateTime(payment.added_date)}
          </time>
          <span aria-hidden>·</span>
          <PaymentMethodName method={payment.method} />
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1.5">
        <bdi dir="ltr" className="font-bold whitespace-nowrap tabular-nums" data-testid="payment-amount">
          {formatAmount(payment.amount, payment.currency, i18n.language as LanguageCode)}
        </bdi>
        <PaymentStatusBadge status={payment.status} />
      </div>
    </li>
  );
}

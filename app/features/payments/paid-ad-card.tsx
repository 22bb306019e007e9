import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PaidAd } from '../../../contract/promotions.ts';
import { Receipt } from '../../components/ui/icons.tsx';
import { formatAmount } from '../../lib/money.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { listingPath } from './listing-path.ts';
import { PaidAdStateBadge, PaymentMethodName } from './payment-words.tsx';

/**
 * One paid ad of the owner's list: the listing, its state, package, dates, total spending and how it was paid;
 * `links` adds to its receipt link (the console's link to the buyer).
 */
export function PaidAdCard({ ad, headingLevel, links }: { ad: PaidAd; headingLevel: 2 | 3; links?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const Heading = `h${headingLevel}` as const;
  const facts: Array<[string, ReactNode]> = [
    [t('payments.paidAds.package'), t('payments.days', { count: ad.package_days })],
    [t('payments.paidAds.start'), <DateText key="start" value={ad.start_date} format={formatDateTime} />],
    [t('payments.paidAds.end'), <DateText key="end" value={ad.end_date} format={formatDateTime} />],
    [
      t('payments.paidAds.total'),
      <bdi key="total" dir="ltr" className="whitespace-nowrap tabular-nums" data-testid="paid-ad-total">
        {formatAmount(ad.amount, ad.currency, i18n.language as LanguageCode)}
      </bdi>,
    ],
    [t('payments.paidAds.method'), <PaymentMethodName key="method" method={ad.payment_method} />],
  ];
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="paid-ad"
      data-item-id={ad.item_id}
    >
      <div className="flex items-start justify-between gap-3">
        <Heading className="min-w-0 font-semibold break-words">
          <Link to={listingPath(ad.item_id, ad.item_title)} className="hover:underline">
            <bdi>{ad.item_title}</bdi>
          </Link>
        </Heading>
        <PaidAdStateBadge state={ad.state} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        {ad.payment_id && (
          <Link to={`/payments/${encodeURIComponent(ad.payment_id)}`} className={CARD_LINK}>
            <Receipt className="size-4" aria-hidden />
            {t('payments.paidAds.receipt')}
          </Link>
        )}
        {links}
      </div>
    </li>
  );
}

/** A link at the foot of a paid ad's card. */
export const CARD_LINK =
  'inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-900';

function DateText({ value, format }: { value: string; format: (value: string) => string }) {
  return (
    <time dateTime={value} dir="ltr">
      {format(value)}
    </time>
  );
}

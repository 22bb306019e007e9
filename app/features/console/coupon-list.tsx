import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import type { ConsoleCoupon } from '../../../contract/payment-catalog.ts';
import { compactPrimaryButtonClass } from '../../components/ui/form-classes.ts';
import { Plus } from '../../components/ui/icons.tsx';
import { formatAmount } from '../../lib/money.ts';
import { ConsoleHeading } from './console-nav.tsx';
import { firstDayOf, lastDayOf } from './coupon-days.ts';

const BADGE = 'rounded-full bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200';

/** /admin/payments/coupons: the latest coupons, what each takes off, when it applies and how often it was used. */
export function CouponList({ coupons, tabs }: { coupons: ConsoleCoupon[]; tabs: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-6" aria-labelledby="coupons-title">
      {tabs}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ConsoleHeading id="coupons-title" title={t('console.coupons.title')} intro={t('console.coupons.intro')} />
        <Link to="/admin/payments/coupons/new" className={compactPrimaryButtonClass}>
          <Plus className="size-4" aria-hidden />
          {t('console.coupons.add')}
        </Link>
      </div>
      {coupons.length === 0 ? (
        <p className="mt-5 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('console.coupons.empty')}
        </p>
      ) : (
        <ul
          className="mt-5 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          data-testid="console-coupons"
        >
          {coupons.map((coupon) => (
            <CouponRow key={coupon.id} coupon={coupon} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CouponRow({ coupon }: { coupon: ConsoleCoupon }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }),
    [language],
  );
  const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));
  const from = firstDayOf(coupon.valid_from);
  const through = lastDayOf(coupon.valid_until);
  const discount =
    coupon.kind === 'percent'
      ? t('console.coupons.percentOff', { percent: Number(coupon.discount_percent) })
      : t('console.coupons.amountOff', { amount: formatAmount(coupon.discount_amount, coupon.currency, language) });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="console-coupon">
      <div className="min-w-0">
        <Link
          to={`/admin/payments/coupons/${coupon.id}`}
          className="font-mono font-semibold text-brand-800 underline-offset-2 hover:underline dark:text-brand-200"
          dir="ltr"
        >
          {coupon.code}
        </Link>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {discount}
          {' · '}
          {from || through
            ? t('console.coupons.validSpan', {
                from: from ? day(from) : t('console.coupons.always'),
                through: through ? day(through) : t('console.coupons.noEnd'),
              })
            : t('console.coupons.alwaysValid')}
        </p>
      </div>
      <span className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        <span className={BADGE}>
          {coupon.max_uses === null
            ? t('console.coupons.used', { value: coupon.used_count })
            : t('console.coupons.usedOf', { value: coupon.used_count, limit: coupon.max_uses })}
        </span>
        {!coupon.is_published && <span className={BADGE}>{t('console.coupons.off')}</span>}
      </span>
    </li>
  );
}

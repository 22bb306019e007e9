import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import type { MembershipOptions, MembershipStart } from '../../../contract/memberships.ts';
import { AlertTriangle, Check, Crown, Wallet } from '../../components/ui/icons.tsx';
import { MemberBadge } from '../../components/ui/member-badge.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { formatAmount } from '../../lib/money.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import type { BuyMembershipResult, MembershipPage as Page } from './membership.ts';
import { unavailableReason } from './membership.ts';
import { MembershipForm } from './membership-form.tsx';
import { MembershipHistory } from './membership-history.tsx';
import { MembershipStarted } from './membership-started.tsx';

const sideLinkClass =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-900';

const cardClass = 'rounded-3xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900';

/**
 * /membership (SPEC.md 1, 3, 7 "membership add"): the plan on sale and what it gives, the viewer's membership,
 * the buy form (or what was booked once it is sent, or why the membership cannot be bought now) and the
 * viewer's memberships so far.
 */
export function MembershipPage({ page, result }: { page: Page; result: BuyMembershipResult | undefined }) {
  const { t } = useTranslation();
  const { options } = page;
  const reason = unavailableReason(options);
  // What was booked stays on screen while the page's data is read again after paying (which drops the action's answer).
  const [booked, setBooked] = useState<MembershipStart | null>(null);
  useEffect(() => {
    if (result?.ok) setBooked(result.start);
  }, [result]);
  const started = result?.ok ? result.start : booked;
  let body: ReactNode;
  if (started) body = <MembershipStarted start={started} />;
  else if (reason) body = <Unavailable reason={reason} />;
  else body = <MembershipForm page={page} result={result?.ok ? undefined : result} />;
  return (
    <section className="mx-auto max-w-5xl px-4 py-6" aria-labelledby="membership-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="membership-title" className="text-2xl font-bold sm:text-3xl">
            {t('payments.membership.title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('payments.membership.intro')}</p>
        </div>
        <Link to="/payments" className={sideLinkClass}>
          <Wallet className="size-5" aria-hidden />
          {t('payments.paidAds.toPayments')}
        </Link>
      </div>
      {options.member_until && <CurrentMembership until={options.member_until} />}
      {reason === 'off' && !started ? (
        <div className="mt-6">{body}</div>
      ) : (
        <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Plan options={options} />
          <section aria-labelledby="membership-buy-title" className={cardClass} data-testid="membership-panel">
            <h2 id="membership-buy-title" className="mb-5 text-xl font-bold">
              {options.member_until ? t('payments.membership.extendTitle') : t('payments.membership.buyTitle')}
            </h2>
            {body}
          </section>
        </div>
      )}
      <MembershipHistory history={page.history} now={page.now} />
    </section>
  );
}

/** The viewer is a member: until when, and that buying again adds the days after that. */
function CurrentMembership({ until }: { until: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <div
      className="mt-6 flex items-start gap-3 rounded-2xl bg-violet-50 p-4 text-violet-950 ring-1 ring-violet-200 dark:bg-violet-950/40 dark:text-violet-50 dark:ring-violet-800"
      data-testid="current-membership"
    >
      <Crown className="mt-0.5 size-6 shrink-0" aria-hidden />
      <div>
        <p className="font-bold">{t('payments.membership.memberTitle')}</p>
        <p className="mt-1" data-testid="member-until">
          <SentenceWithValue
            sentence={(date) => t('payments.membership.memberUntil', { date })}
            value={formatDateTime(until)}
          />
        </p>
        <p className="mt-1 text-sm">{t('payments.membership.extendHint')}</p>
      </div>
    </div>
  );
}

/** The plan on sale: its price for its days, and what a member gets. */
function Plan({ options }: { options: MembershipOptions }) {
  const { t, i18n } = useTranslation();
  const benefits: Array<{ key: string; text: ReactNode }> = [
    {
      key: 'badge',
      text: (
        <span className="flex flex-wrap items-center gap-2">
          {t('payments.membership.benefitBadge')}
          <MemberBadge label={t('payments.membership.badge')} />
        </span>
      ),
    },
    ...(options.listings_per_day > 0
      ? [{ key: 'listings', text: t('payments.membership.benefitListings', { count: options.listings_per_day }) }]
      : []),
    ...(options.free_bumps > 0
      ? [
          {
            key: 'bumps',
            text: t('payments.membership.benefitBumps', {
              count: options.free_bumps,
              days: t('payments.days', { count: options.bump_days }),
            }),
          },
        ]
      : []),
    { key: 'extend', text: t('payments.membership.benefitExtend') },
  ];
  return (
    <section aria-labelledby="membership-plan-title" className={cardClass} data-testid="membership-plan">
      <div className="flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100">
          <Crown className="size-6" aria-hidden />
        </span>
        <h2 id="membership-plan-title" className="text-xl font-bold">
          {t('payments.membership.planTitle')}
        </h2>
      </div>
      <p className="mt-5 flex flex-wrap items-baseline gap-x-2">
        <bdi dir="ltr" className="text-3xl font-bold tabular-nums" data-testid="membership-price">
          {formatAmount(options.amount, options.currency, i18n.language as LanguageCode)}
        </bdi>
        <span className="text-slate-600 dark:text-slate-400" data-testid="membership-days">
          {t('payments.membership.forDays', { days: t('payments.days', { count: options.days }) })}
        </span>
      </p>
      <h3 className="mt-6 text-sm font-semibold text-slate-600 dark:text-slate-400">
        {t('payments.membership.benefitsTitle')}
      </h3>
      <ul className="mt-2 flex flex-col gap-3">
        {benefits.map((benefit) => (
          <li key={benefit.key} className="flex items-start gap-2">
            <Check className="mt-1 size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
            <span>{benefit.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Unavailable({ reason }: { reason: 'off' | 'noMethods' }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="membership-unavailable"
      data-reason={reason}
    >
      <AlertTriangle className="mt-0.5 size-6 shrink-0" aria-hidden />
      <div>
        <p className="font-bold">{t('payments.membership.unavailableTitle')}</p>
        <p className="mt-1">{t(`payments.membership.${reason}`)}</p>
      </div>
    </div>
  );
}

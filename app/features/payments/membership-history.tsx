import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Membership } from '../../../contract/memberships.ts';
import { Crown, Receipt } from '../../components/ui/icons.tsx';
import { formatAmount } from '../../lib/money.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { stateOf } from './membership.ts';
import { MembershipStateBadge } from './payment-words.tsx';

/** The viewer's memberships, the latest first: how each stands, its days, price and dates, and its receipt. */
export function MembershipHistory({ history, now }: { history: Membership[]; now: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="membership-history-title" className="mt-10">
      <h2 id="membership-history-title" className="text-xl font-bold">
        {t('payments.membership.historyTitle')}
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400" data-testid="membership-history-empty">
          {t('payments.membership.historyEmpty')}
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-2" data-testid="membership-history">
          {history.map((membership) => (
            <MembershipRow key={membership.id} membership={membership} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MembershipRow({ membership, now }: { membership: Membership; now: number }) {
  const { t, i18n } = useTranslation();
  const state = stateOf(membership, now);
  const { start_date: start, end_date: end } = membership;
  const period =
    start && end ? (
      <Period start={start} end={end} />
    ) : state === 'pending' ? (
      t('payments.membership.startsOnceConfirmed')
    ) : null;
  return (
    <li
      className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="membership-row"
      data-state={state}
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100">
        <Crown className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{t('payments.days', { count: membership.days })}</h3>
        {period && <p className="text-sm text-slate-700 dark:text-slate-300">{period}</p>}
        {membership.payment_id && (
          <Link
            to={`/payments/${encodeURIComponent(membership.payment_id)}`}
            className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline sm:min-h-0 dark:text-brand-300"
            data-testid="membership-receipt"
          >
            <Receipt className="size-4" aria-hidden />
            {t('payments.paidAds.receipt')}
          </Link>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1.5">
        <bdi dir="ltr" className="font-bold whitespace-nowrap tabular-nums" data-testid="membership-amount">
          {formatAmount(membership.amount, membership.currency, i18n.language as LanguageCode)}
        </bdi>
        <MembershipStateBadge state={state} />
      </div>
    </li>
  );
}

/** Where the start and the end go in the sentence (every language names the start first). */
const FIRST = '\u0000';
const SECOND = '\u0001';

/** "From <start> to <end>": each date kept whole and left to right inside the sentence, in the reader's zone. */
function Period({ start, end }: { start: string; end: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const sentence = t('payments.membership.period', { start: FIRST, end: SECOND });
  const [before = '', rest = ''] = sentence.split(FIRST);
  const [between = '', after = ''] = rest.split(SECOND);
  return (
    <>
      {before}
      <DateValue value={start} format={formatDateTime} />
      {between}
      <DateValue value={end} format={formatDateTime} />
      {after}
    </>
  );
}

function DateValue({ value, format }: { value: string; format: (value: string) => string }) {
  return (
    <time dateTime={value} dir="ltr" className="whitespace-nowrap">
      {format(value)}
    </time>
  );
}

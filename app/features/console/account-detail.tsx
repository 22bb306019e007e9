import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { ConsoleAccountDetail } from '../../../contract/console.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { ConsoleAccountAction } from '../../../contract/pages.ts';
import { FormAlert, secondaryButtonClass } from '../../components/ui/form.tsx';
import { dangerButtonClass } from '../../components/ui/form-classes.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { AccountLists } from './account-lists.tsx';
import { AccountMarks } from './account-marks.tsx';
import { ConsoleHeading } from './console-nav.tsx';
import { formatNumber } from './numbers.ts';

export interface AccountActionFailure {
  ok: false;
  formError?: string;
  formErrorValues?: Record<string, string | number>;
}

/**
 * One account in the console: who it is, what it did and received (counts, then its listings, reports made and
 * received, open sessions and payments, a page of each), and what an operator can do to it.
 */
export function AccountDetail({
  detail,
  isSelf,
  failure,
  language: pageLanguage,
}: {
  detail: ConsoleAccountDetail;
  isSelf: boolean;
  failure: AccountActionFailure | undefined;
  language: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  const formatDateTime = useFormatDateTime();
  const { account } = detail;
  const figures = [
    { key: 'activeListings', value: detail.listings.active },
    { key: 'pendingListings', value: detail.listings.pending },
    { key: 'otherListings', value: detail.listings.other },
    { key: 'reportsMade', value: detail.reports_made },
    { key: 'reportsReceived', value: detail.reports_received },
    { key: 'sessions', value: detail.sessions },
  ] as const;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="account-title">
      <p className="text-sm">
        <Link to="/admin/users" className="text-brand-700 underline dark:text-brand-300">
          {t('console.users.back')}
        </Link>
      </p>
      <div className="mt-2">
        <ConsoleHeading id="account-title" title={account.user_name} />
      </div>
      <AccountMarks account={account} />
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact label={t('console.users.email')} value={account.user_email} ltr />
        <Fact label={t('console.users.phone')} value={account.user_phone ?? t('console.users.noPhone')} ltr />
        <Fact label={t('console.users.joined')} value={formatDateTime(account.added_date)} />
        <Fact label={t('console.users.id')} value={account.user_id} ltr />
      </dl>
      <h2 className="mt-6 text-lg font-semibold">{t('console.users.activity')}</h2>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.key} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`console.users.figures.${figure.key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums">{formatNumber(figure.value, language)}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-6 text-lg font-semibold">{t('console.users.actions')}</h2>
      <div className="mt-2">
        <FormAlert messageKey={failure?.formError} values={failure?.formErrorValues} />
      </div>
      {isSelf ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('console.users.yourself')}</p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <ActionButton action={account.is_banned ? 'unban' : 'ban'} tone={account.is_banned ? 'plain' : 'danger'} />
          {!account.is_verify_blue_mark && <ActionButton action="verify" />}
          <ActionButton action="end-sessions" disabled={detail.sessions === 0} />
        </div>
      )}
      <AccountLists userId={account.user_id} lists={detail.lists} language={pageLanguage} />
      <p className="mt-6 flex flex-wrap gap-4 text-sm">
        <Link
          to={`/other-profile/${encodeURIComponent(account.user_id)}`}
          className="text-brand-700 underline dark:text-brand-300"
        >
          {t('console.users.publicProfile')}
        </Link>
        <Link
          to={`/admin/audit?subject_id=${encodeURIComponent(account.user_id)}`}
          className="text-brand-700 underline dark:text-brand-300"
        >
          {t('console.users.history')}
        </Link>
      </p>
    </section>
  );
}

function Fact({ label, value, ltr = false }: { label: string; value: string; ltr?: boolean }) {
  return (
    <div className="flex gap-2">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words font-medium" dir={ltr ? 'ltr' : undefined}>
        {value}
      </dd>
    </div>
  );
}

function ActionButton({
  action,
  tone = 'plain',
  disabled = false,
}: {
  action: ConsoleAccountAction;
  tone?: 'plain' | 'danger';
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="action" value={action} />
      <button
        type="submit"
        disabled={disabled}
        className={`${tone === 'danger' ? dangerButtonClass : secondaryButtonClass} disabled:opacity-60`}
        data-testid={`account-${action}`}
      >
        {t(`console.users.do.${action}`)}
      </button>
    </Form>
  );
}

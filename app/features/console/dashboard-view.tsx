import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '../../../contract/console.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { ConsoleHeading } from './console-nav.tsx';
import { DailyChart } from './daily-chart.tsx';
import { formatNumber } from './numbers.ts';

/** The console's first page: what waits for an operator, then the last two weeks' new listings and accounts. */
export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  const waiting = [
    { key: 'pendingListings', value: dashboard.pending_listings, to: '/admin/items?status=pending' },
    { key: 'openReports', value: dashboard.open_reports, to: '/admin/reports' },
    { key: 'pendingApplications', value: dashboard.pending_applications, to: '/admin/applications' },
  ] as const;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="dashboard-title">
      <ConsoleHeading id="dashboard-title" title={t('console.dashboard.title')} intro={t('console.dashboard.intro')} />
      <h2 className="sr-only">{t('console.dashboard.waiting')}</h2>
      <ul className="mt-5 grid gap-3 sm:grid-cols-3">
        {waiting.map((tile) => (
          <li key={tile.key}>
            <Link
              to={tile.to}
              className="block rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-300"
            >
              <span className="block text-3xl font-bold tabular-nums">{formatNumber(tile.value, language)}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                {t(`console.dashboard.${tile.key}`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="sr-only">{t('console.dashboard.activity')}</h2>
      <div className="mt-5 grid gap-4 lg:grid-cols-2">
        <DailyChart id="new-listings" title={t('console.dashboard.newListings')} counts={dashboard.new_listings} />
        <DailyChart id="new-accounts" title={t('console.dashboard.newAccounts')} counts={dashboard.new_accounts} />
        <DailyChart id="payments" title={t('console.dashboard.payments')} counts={dashboard.payments} />
        {dashboard.revenue.map(({ currency, days }) => (
          <DailyChart
            key={currency}
            id={`revenue-${currency}`}
            title={t('console.dashboard.revenue', { currency })}
            counts={days.map(({ day, amount }) => ({ day, count: amount }))}
            currency={currency}
          />
        ))}
      </div>
    </section>
  );
}

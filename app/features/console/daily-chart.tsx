import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DailyCounts } from '../../../contract/console.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { orNothing } from '../../lib/optional-chunk.ts';
import { formatAmount, formatDay, formatNumber } from './numbers.ts';

const DailyBars = lazy(orNothing(() => import('./daily-bars.tsx')));

/**
 * Counts by day: the figures as a table (rendered on the server, read by screen readers), and as a bar chart
 * drawn once the page is interactive.
 */
export function DailyChart({
  id,
  title,
  counts,
  currency,
}: {
  id: string;
  title: string;
  counts: DailyCounts;
  /** When the figures are amounts of money in this currency rather than counts. */
  currency?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  const hydrated = useHydrated();
  const shown = (value: number) =>
    currency ? formatAmount(value.toFixed(2), currency, language) : formatNumber(value, language);
  const data = counts.map((entry) => ({ label: formatDay(entry.day, language), count: entry.count }));
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <figcaption id={`${id}-title`} className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {t('console.dashboard.total', { value: shown(total) })}
        </span>
      </figcaption>
      <div className="mt-3 text-brand-700 dark:text-brand-300" style={{ aspectRatio: 2.6 }} aria-hidden>
        {hydrated && (
          <Suspense fallback={null}>
            <DailyBars data={data} name={title} />
          </Suspense>
        )}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600 dark:text-slate-400">
          {t('console.dashboard.asTable')}
        </summary>
        <table className="mt-2 w-full text-start">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 text-start">
                {t('console.dashboard.day')}
              </th>
              <th scope="col" className="py-1 text-end">
                {currency ? t('console.dashboard.amount') : t('console.dashboard.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((entry) => (
              <tr key={entry.label} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1">{entry.label}</td>
                <td className="py-1 text-end tabular-nums">{shown(entry.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

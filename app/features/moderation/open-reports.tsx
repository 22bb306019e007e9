import { useTranslation } from 'react-i18next';
import type { ItemReport } from '../../../contract/items.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';

/**
 * Why people reported the item (open reports, the latest first): the reason of each, their words, and how much
 * each counts towards hiding it (the reporter's weight, issue 24).
 */
export function OpenReports({ reports }: { reports: ItemReport[] }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <section
      className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      data-testid="moderation-reports"
    >
      <h3 className="font-semibold">{t('moderation.reports', { count: reports.length })}</h3>
      <ul className="mt-1 space-y-1">
        {reports.map((report) => (
          <li key={report.reporter_id}>
            <span className="font-semibold">{t(`item.report.reasons.${report.reason}`)}</span>
            {' · '}
            <bdi>{report.reporter_name}</bdi>
            {' · '}
            <span
              className="whitespace-nowrap rounded-full bg-amber-100 px-1.5 text-xs font-semibold dark:bg-amber-900"
              title={t('moderation.reportWeightHint')}
              data-testid="report-weight"
            >
              {t('moderation.reportWeight', { percent: Math.round(report.reporter_weight * 100) })}
            </span>
            {' · '}
            <time dateTime={report.added_date} dir="ltr" className="whitespace-nowrap">
              {formatDateTime(report.added_date)}
            </time>
            {report.note && (
              <span className="block whitespace-pre-line break-words" dir="auto">
                {report.note}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

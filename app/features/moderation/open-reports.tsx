import { useTranslation } from 'react-i18next';
import type { ItemReport } from '../../../contract/items.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';

/** Why people reported the item (open reports, the latest first): the reason of each and their words. */
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
            <time dateTime={report.added_date} dir="ltr">
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

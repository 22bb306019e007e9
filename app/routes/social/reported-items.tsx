import { useTranslation } from 'react-i18next';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { PersonItemList } from '../../features/items/lists/person-item-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import type { Route } from './+types/reported-items';
import { signedInList } from './lists.server.ts';

/** The items the signed-in person reported, each with the reason they gave (a visitor goes to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services, window, language } = await signedInList(request, context, 'reported-items');
  return { firstPage: await services.social.reportedItems(viewer, window, language), language };
}

export const handle = { i18n: ['items', 'social'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.reportedItemsTitle', description: 'meta.reportedItemsDescription' });

export default function ReportedItems({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <PersonItemList
      title={t('social.reportedTitle')}
      intro={t('social.reportedIntro')}
      empty={t('social.noReported')}
      firstPage={loaderData.firstPage}
      source={{ path: '/api/v1/users/me/reported-items', query: { lang: loaderData.language } }}
      testId="reported-items"
      below={(item) => (
        <p className="rounded-lg bg-slate-100 p-2 text-xs dark:bg-slate-800" data-testid="report-reason">
          <span className="font-semibold">{t('social.reportedBecause')}</span>{' '}
          {t(`item.report.reasons.${item.report_reason}`)}
          {item.report_note && (
            <span className="mt-0.5 block break-words" dir="auto">
              {item.report_note}
            </span>
          )}
          <span className="mt-0.5 block text-slate-600 dark:text-slate-400">
            <SentenceWithValue
              sentence={(date) => t('social.reportedOn', { date })}
              value={formatDateTime(item.reported_date)}
            />
          </span>
        </p>
      )}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appContext } from '#app-context';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { ChevronLeft, ChevronRight, Handshake } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/deal-list';

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = await pageLanguage(request);
  const firstPage = await context
    .get(appContext)
    .services.listDealOptions({ limit: PAGE_SIZE.lookups, offset: 0, orderBy: 'ordering', orderType: 'asc' }, language);
  return { firstPage, language };
}

export const handle = { i18n: ['catalog'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.dealsTitle', description: 'meta.dealsDescription' });

/** /deal: the deal options (cash on delivery, meet in person…), each opening the ads that offer it. */
export default function DealList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const Chevron = i18n.dir() === 'rtl' ? ChevronLeft : ChevronRight;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" aria-labelledby="deals-heading">
      <h1 id="deals-heading" className="text-2xl font-bold">
        {t('deals.heading')}
      </h1>
      <p className="mt-2 mb-6 text-slate-600 dark:text-slate-400">{t('deals.intro')}</p>
      <PagedList
        firstPage={loaderData.firstPage}
        source={{ path: '/api/v1/deal-options', query: { order_by: 'ordering', lang: loaderData.language } }}
      >
        {(deals) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {deals.map((deal) => (
              <li key={deal.id}>
                <Link
                  to={`/item-list?${new URLSearchParams({ deal_option_id: String(deal.id), deal_option_name: deal.name })}`}
                  className="flex items-center gap-3 px-4 py-4 hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  <Handshake className="size-5 text-brand-600 dark:text-brand-300" aria-hidden />
                  <span className="flex-1 font-semibold">{deal.name}</span>
                  <span className="text-sm text-slate-500 dark:text-slate-400">{t('deals.seeAds')}</span>
                  <Chevron className="size-5 text-slate-400" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

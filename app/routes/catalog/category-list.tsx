import { useTranslation } from 'react-i18next';
import { appContext } from '#app-context';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { CategoryCards } from '../../features/catalog/category-cards.tsx';
import { countsForList } from '../../features/catalog/counts.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/category-list';

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = await pageLanguage(request);
  const { services } = context.get(appContext);
  const [firstPage, counts] = await Promise.all([
    services.listCategories(
      { limit: PAGE_SIZE.categories, offset: 0, orderBy: 'ordering', orderType: 'asc' },
      language,
    ),
    services.search.activeItemCounts(),
  ]);
  return {
    firstPage,
    counts: countsForList(
      counts.categories,
      firstPage.items.map((category) => category.cat_id),
      firstPage.next_cursor !== null,
    ),
    language,
  };
}

export const handle = { i18n: ['catalog'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.categoriesTitle', description: 'meta.categoriesDescription' });

export default function CategoryList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="category-list-heading">
      <header className="mb-6">
        <h1 id="category-list-heading" className="text-2xl font-bold sm:text-3xl">
          {t('dashboard.categoriesTitle')}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('categoryList.intro')}</p>
      </header>
      <PagedList
        firstPage={loaderData.firstPage}
        source={{ path: '/api/v1/categories', query: { order_by: 'ordering', lang: loaderData.language } }}
        empty={<p className="text-slate-600 dark:text-slate-400">{t('dashboard.emptyCategories')}</p>}
      >
        {(categories) => <CategoryCards categories={categories} counts={loaderData.counts} />}
      </PagedList>
    </section>
  );
}

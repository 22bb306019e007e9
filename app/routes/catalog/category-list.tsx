import { useTranslation } from 'react-i18next';
import { appContext } from '#app-context';
import { PAGE_SIZE } from '../../../contract/paging.ts';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { CategoryGrid } from '../../features/catalog/category-grid.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/category-list';

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = await pageLanguage(request);
  const { services } = context.get(appContext);
  const firstPage = await services.listCategories(
    { limit: PAGE_SIZE.categories, offset: 0, orderBy: 'ordering', orderType: 'asc' },
    language,
  );
  return { firstPage, language };
}

export const handle = { i18n: ['catalog'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.categoriesTitle', description: 'meta.categoriesDescription' });

export default function CategoryList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="category-list-heading">
      <h1 id="category-list-heading" className="mb-6 text-2xl font-bold">
        {t('dashboard.categoriesTitle')}
      </h1>
      <PagedList
        firstPage={loaderData.firstPage}
        source={{ path: '/api/v1/categories', query: { order_by: 'ordering', lang: loaderData.language } }}
      >
        {(categories) => <CategoryGrid categories={categories} />}
      </PagedList>
    </section>
  );
}

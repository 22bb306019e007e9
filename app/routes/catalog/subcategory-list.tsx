import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { appContext } from '#app-context';
import { parseSerialId } from '../../../contract/ids.ts';
import type { Subcategory } from '../../../contract/lookups.ts';
import { PAGE_SIZE } from '../../../contract/paging.ts';
import { ChevronLeft, ChevronRight } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { CategoryIcon } from '../../features/catalog/category-icon.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/subcategory-list';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const catId = parseSerialId(params.catId);
  const { services } = context.get(appContext);
  const language = await pageLanguage(request);
  const category = catId ? await services.getCategory(catId, language) : null;
  if (!category) throw data(null, { status: 404 });
  const firstPage = await services.listSubcategories(
    category.cat_id,
    { limit: PAGE_SIZE.categories, offset: 0, orderBy: 'ordering', orderType: 'asc' },
    language,
  );
  return { category, firstPage, language };
}

export const handle = { i18n: ['catalog'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    { title: 'meta.categoriesTitle', description: 'meta.subcategoriesDescription' },
    { title: loaderData?.category.cat_name },
  );

export default function SubcategoryList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { category } = loaderData;
  const Chevron = i18n.dir() === 'rtl' ? ChevronLeft : ChevronRight;
  const itemListHref = (subcategory?: Subcategory) =>
    `/item-list?${new URLSearchParams({
      cat_id: String(category.cat_id),
      cat_name: category.cat_name,
      ...(subcategory ? { sub_cat_id: String(subcategory.id), sub_cat_name: subcategory.name } : {}),
    })}`;

  return (
    <section className="mx-auto max-w-3xl px-4 py-8" aria-labelledby="subcategory-heading">
      <nav aria-label={t('common.breadcrumb')} className="mb-4 text-sm text-slate-500 dark:text-slate-400">
        <Link to="/category" className="hover:underline">
          {t('dashboard.categoriesTitle')}
        </Link>
        <Chevron className="mx-1 inline size-4" aria-hidden />
        <span aria-current="page">{category.cat_name}</span>
      </nav>
      <div className="mb-6 flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <CategoryIcon name={category.icon} className="size-6" />
        </span>
        <h1 id="subcategory-heading" className="text-2xl font-bold">
          {category.cat_name}
        </h1>
      </div>
      <PagedList
        firstPage={loaderData.firstPage}
        source={{ path: `/api/v1/categories/${category.cat_id}/subcategories`, query: { lang: loaderData.language } }}
      >
        {(subcategories) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            <li>
              <Link
                to={itemListHref()}
                className="flex items-center justify-between px-4 py-4 font-semibold hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                {t('category.allIn', { name: category.cat_name })}
                <Chevron className="size-5 text-slate-400" aria-hidden />
              </Link>
            </li>
            {subcategories.map((subcategory) => (
              <li key={subcategory.id}>
                <Link
                  to={itemListHref(subcategory)}
                  className="flex items-center justify-between px-4 py-4 hover:bg-slate-50 dark:hover:bg-slate-800"
                >
                  {subcategory.name}
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

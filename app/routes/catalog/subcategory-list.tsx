import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { appContext } from '#app-context';
import { parseSerialId } from '../../../contract/id-basics.ts';
import type { Category, Subcategory } from '../../../contract/lookups.ts';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { itemListSearchParams } from '../../../contract/search-basics.ts';
import { CategoryIcon } from '../../components/ui/category-icon.tsx';
import { ChevronRight } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { AllAdsCard, SubcategoryCards } from '../../features/catalog/category-cards.tsx';
import { countsForList } from '../../features/catalog/counts.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/subcategory-list';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const catId = parseSerialId(params.catId);
  const { services } = context.get(appContext);
  const language = await pageLanguage(request);
  const [category, counts] = await Promise.all([
    catId ? services.getCategory(catId, language) : null,
    services.search.activeItemCounts(),
  ]);
  if (!category) throw data(null, { status: 404 });
  const firstPage = await services.listSubcategories(
    category.cat_id,
    { limit: PAGE_SIZE.categories, offset: 0, orderBy: 'ordering', orderType: 'asc' },
    language,
  );
  return {
    category,
    firstPage,
    total: counts.categories[category.cat_id] ?? 0,
    counts: countsForList(
      counts.subcategories,
      firstPage.items.map((subcategory) => subcategory.id),
      firstPage.next_cursor !== null,
    ),
    language,
  };
}

export const handle = { i18n: ['catalog'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    { title: 'meta.categoriesTitle', description: 'meta.subcategoriesDescription' },
    { title: loaderData?.category.cat_name },
  );

/** The item list of the category, or of one of its subcategories (only the filters that are set). */
const itemListHref = (category: Category, subcategory?: Subcategory) =>
  `/item-list?${itemListSearchParams({
    cat_id: category.cat_id,
    cat_name: category.cat_name,
    sub_cat_id: subcategory?.id,
    sub_cat_name: subcategory?.name,
  })}`;

export default function SubcategoryList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category } = loaderData;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="subcategory-heading">
      <nav aria-label={t('common.breadcrumb')} className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/category" className="hover:text-brand-700 hover:underline dark:hover:text-brand-300">
              {t('dashboard.categoriesTitle')}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4 rtl:rotate-180" />
          </li>
          <li aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
            {category.cat_name}
          </li>
        </ol>
      </nav>
      {category.default_photo && (
        <img
          src={`/uploads/${category.default_photo.img_path}`}
          alt=""
          width={category.default_photo.img_width}
          height={category.default_photo.img_height}
          className="mb-6 aspect-[3/1] w-full rounded-2xl object-cover"
          data-testid="category-photo"
        />
      )}
      <header className="mb-6 flex items-center gap-4">
        {category.default_icon ? (
          <img
            src={`/uploads/${category.default_icon.img_path}`}
            alt=""
            className="size-14 shrink-0 rounded-2xl object-cover"
          />
        ) : (
          <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-900/60 dark:text-brand-200">
            <CategoryIcon name={category.icon} className="size-7" />
          </span>
        )}
        <h1 id="subcategory-heading" className="text-2xl font-bold sm:text-3xl">
          {category.cat_name}
        </h1>
      </header>
      <AllAdsCard
        href={itemListHref(category)}
        label={t('category.allIn', { name: category.cat_name })}
        count={loaderData.total}
      />
      {loaderData.firstPage.items.length > 0 && (
        <h2 className="mt-8 mb-4 text-lg font-bold">{t('categoryList.subcategories')}</h2>
      )}
      <PagedList
        firstPage={loaderData.firstPage}
        source={{ path: `/api/v1/categories/${category.cat_id}/subcategories`, query: { lang: loaderData.language } }}
      >
        {(subcategories) => (
          <SubcategoryCards
            subcategories={subcategories}
            counts={loaderData.counts}
            hrefOf={(subcategory) => itemListHref(category, subcategory)}
          />
        )}
      </PagedList>
    </section>
  );
}

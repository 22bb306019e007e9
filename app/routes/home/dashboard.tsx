import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appContext } from '#app-context';
import { type LocationFilterParams, locationFilterParams } from '../../../contract/location-basics.ts';
import { itemSearchSchema } from '../../../contract/search.ts';
import { itemListSearchParams } from '../../../contract/search-basics.ts';
import { SORT_OPTIONS } from '../../../contract/sort-options.ts';
import { Plus } from '../../components/ui/icons.tsx';
import { withExcerpt } from '../../features/content/blog-excerpt.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { chosenLocation } from '../../lib/chosen-location.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { hydrateLater } from '../../lib/hydrate-later.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/dashboard';
import type { DashboardData } from './dashboard-sections.tsx';

/** Phones' first screen: links and a form from the server; its code loads while the page hydrates (the / budget). */
const PhoneStart = hydrateLater(() => import('./phone-start.tsx').then((module) => module.PhoneStart));
/**
 * The categories, the rails of item cards and the blog likewise: the server draws them, their code (the cards,
 * the favourite buttons) loads while the page hydrates. Memo, and nothing but the loader's data: the page must
 * not render them again before their code is there (React would then drop the server's HTML and draw it anew).
 */
const DashboardSections = hydrateLater(() =>
  import('./dashboard-sections.tsx').then((module) => module.DashboardSections),
);
const LaterSections = memo(function LaterSections({ data }: { data: DashboardData }) {
  return (
    <Suspense fallback={null}>
      <DashboardSections data={data} />
    </Suspense>
  );
});

/** Two full rows on desktop (6 a row) and four on phones (3 a row); the rest are one tap away. */
const DASHBOARD_CATEGORY_COUNT = 12;
const DASHBOARD_BLOG_COUNT = 3;
/** Two rows of five on desktop; a swipe of ten on phones. */
const RAIL_ITEM_COUNT = 10;

const [LATEST, POPULAR] = SORT_OPTIONS;

/**
 * An item list in one of the spec's orders (SPEC.md 9) around the chosen location: the query of its rail and
 * the address of its "See all" (the same filters, so the list starts with the rail's items).
 */
function sortedList(sort: (typeof SORT_OPTIONS)[number], place: LocationFilterParams) {
  const filters = {
    ...place,
    sorting_id: sort.id,
    sorting_name: sort.name,
    order_by: sort.orderBy,
    orderType: sort.orderType,
  };
  return {
    href: `/item-list?${itemListSearchParams(filters)}`,
    query: itemSearchSchema.parse({ ...filters, limit: RAIL_ITEM_COUNT }),
  };
}

/** Categories, the item rails and the blog, each one query, all at once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(appContext);
  const language = await pageLanguage(request);
  const place = locationFilterParams(chosenLocation(request));
  const latest = sortedList(LATEST, place);
  const popular = sortedList(POPULAR, place);
  // A visitor's recently viewed lives in their browser, shown on /recently-viewed: `/` stays the same page for
  // every visitor (the shared page cache) and carries no script for it.
  const personal = viewer ? [{ followed: RAIL_ITEM_COUNT }, { viewed: RAIL_ITEM_COUNT }] : [];
  // The operator's collections are rails too, after the spec's own: their names first (a small read).
  const collections = await services.search.listCollections(language);
  const rails = services.search.rails(
    [
      // Promoted items whose promotion is running come first (SPEC.md 4 paid_item_first), then the newest.
      { query: { ...latest.query, isPaid: 'paid_item_first' } },
      { query: popular.query },
      ...personal,
      ...collections.map((collection) => ({ collection: collection.id, limit: RAIL_ITEM_COUNT })),
    ],
    viewer,
    language,
  );
  const [banners, categories, blogs, [recentItems = [], popularItems = [], ...otherRails]] = await Promise.all([
    services.listBanners(language),
    services.listCategories(
      { limit: DASHBOARD_CATEGORY_COUNT, offset: 0, orderBy: 'ordering', orderType: 'asc' },
      language,
    ),
    services.listBlogs({ limit: DASHBOARD_BLOG_COUNT, offset: 0 }, language),
    rails,
  ]);
  return {
    banners,
    categories: categories.items,
    blogs: blogs.items.map(withExcerpt),
    recent: { items: recentItems, href: latest.href },
    popular: { items: popularItems, href: popular.href },
    followed: personal.length > 0 ? (otherRails[0] ?? []) : [],
    viewed: personal.length > 0 ? (otherRails[1] ?? []) : [],
    collections: collections.map((collection, index) => ({
      ...collection,
      items: otherRails[personal.length + index] ?? [],
    })),
  };
}

export const handle = { i18n: ['catalog', 'content', 'items'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.dashboardTitle', description: 'meta.dashboardDescription' });

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      {/* Phones open on listings: the search box and the categories in one row, then the newest items. */}
      <Suspense fallback={null}>
        <PhoneStart categories={loaderData.categories} />
      </Suspense>
      <section className="hidden bg-gradient-to-b from-brand-700 to-brand-600 text-white md:block dark:from-slate-900 dark:to-slate-900">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <h1 className="max-w-2xl text-3xl font-extrabold leading-tight sm:text-4xl">{t('dashboard.heroTitle')}</h1>
          <p className="mt-3 max-w-xl text-base text-white/85 sm:text-lg">{t('dashboard.heroSubtitle')}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="/item-entry"
              className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-5 py-3 font-bold text-slate-900 hover:bg-accent-500"
            >
              <Plus className="size-5" aria-hidden />
              {t('dashboard.postFree')}
            </Link>
            <a
              href="#categories"
              className="inline-flex items-center gap-2 rounded-full bg-white/10 px-5 py-3 font-semibold text-white ring-1 ring-white/30 hover:bg-white/20"
            >
              {t('dashboard.browseCategories')}
            </a>
          </div>
        </div>
      </section>

      <LaterSections data={loaderData} />
    </>
  );
}

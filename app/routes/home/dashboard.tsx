import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appContext } from '#app-context';
import type { ItemCardView } from '../../../contract/items.ts';
import { type LocationFilterParams, locationFilterParams } from '../../../contract/location-basics.ts';
import { itemSearchSchema } from '../../../contract/search.ts';
import { itemListSearchParams } from '../../../contract/search-basics.ts';
import { SORT_OPTIONS } from '../../../contract/sort-options.ts';
import { ArrowLeft, ArrowRight, Plus } from '../../components/ui/icons.tsx';
import { CategoryGrid } from '../../features/catalog/category-grid.tsx';
import { BlogCard } from '../../features/content/blog-card.tsx';
import { withExcerpt } from '../../features/content/blog-excerpt.ts';
import { ItemRail } from '../../features/items/item-rail.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { chosenLocation } from '../../lib/chosen-location.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { hydrateLater } from '../../lib/hydrate-later.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/dashboard';

/** Phones' first screen: links and a form from the server; its code loads while the page hydrates (the / budget). */
const PhoneStart = hydrateLater(() => import('./phone-start.tsx').then((module) => module.PhoneStart));

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
  const rails = services.search.rails(
    [
      // Promoted items whose promotion is running come first (SPEC.md 4 paid_item_first), then the newest.
      { query: { ...latest.query, isPaid: 'paid_item_first' } },
      { query: popular.query },
      ...(viewer ? [{ followed: RAIL_ITEM_COUNT }] : []),
    ],
    viewer,
    language,
  );
  const [categories, blogs, [recentItems = [], popularItems = [], followedItems = []], viewedItems] = await Promise.all(
    [
      services.listCategories(
        { limit: DASHBOARD_CATEGORY_COUNT, offset: 0, orderBy: 'ordering', orderType: 'asc' },
        language,
      ),
      services.listBlogs({ limit: DASHBOARD_BLOG_COUNT, offset: 0 }, language),
      rails,
      // A visitor's recently viewed lives in their browser, shown on /recently-viewed: `/` stays the same page for
      // every visitor (the shared page cache) and carries no script for it.
      viewer ? services.items.recentlyViewed(viewer, language) : null,
    ],
  );
  return {
    categories: categories.items,
    blogs: blogs.items.map(withExcerpt),
    recent: { items: recentItems, href: latest.href },
    popular: { items: popularItems, href: popular.href },
    followed: followedItems,
    viewed: viewedItems?.slice(0, RAIL_ITEM_COUNT) ?? [],
  };
}

export const handle = { i18n: ['catalog', 'content', 'items'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.dashboardTitle', description: 'meta.dashboardDescription' });

function SectionHeading({ id, title, seeAllHref }: { id: string; title: string; seeAllHref?: string }) {
  const { t, i18n } = useTranslation();
  const Forward = i18n.dir() === 'rtl' ? ArrowLeft : ArrowRight;
  return (
    <div className="mb-4 flex items-center justify-between gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {seeAllHref && (
        <Link
          to={seeAllHref}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          {t('dashboard.seeAll')}
          <span className="sr-only"> {title}</span>
          <Forward className="size-4" aria-hidden />
        </Link>
      )}
    </div>
  );
}

/** A labelled section of item cards; the empty text, when given, stands in for an empty rail (else it is left out). */
function RailSection({
  id,
  title,
  items,
  seeAllHref,
  empty,
}: {
  id: string;
  title: string;
  items: ItemCardView[];
  seeAllHref?: string;
  empty?: string;
}) {
  if (items.length === 0 && !empty) return null;
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="mx-auto w-full max-w-6xl px-4 py-6">
      <SectionHeading id={headingId} title={title} seeAllHref={items.length > 0 ? seeAllHref : undefined} />
      {items.length > 0 ? (
        <ItemRail items={items} labelledBy={headingId} />
      ) : (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600 dark:bg-slate-900 dark:text-slate-400">
          {empty}
        </p>
      )}
    </section>
  );
}

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

      <section
        id="categories"
        aria-labelledby="categories-heading"
        className="mx-auto hidden max-w-6xl px-4 py-8 md:block"
      >
        <SectionHeading id="categories-heading" title={t('dashboard.categoriesTitle')} seeAllHref="/category" />
        {loaderData.categories.length > 0 ? (
          <CategoryGrid categories={loaderData.categories} />
        ) : (
          <p className="rounded-2xl bg-white p-6 text-center text-slate-500 dark:bg-slate-900">
            {t('dashboard.emptyCategories')}
          </p>
        )}
      </section>
      <RailSection
        id="recent-items"
        title={t('dashboard.recentTitle')}
        items={loaderData.recent.items}
        seeAllHref={loaderData.recent.href}
        empty={t('dashboard.emptyItems')}
      />
      <RailSection
        id="recently-viewed"
        title={t('recent.title')}
        items={loaderData.viewed}
        seeAllHref="/recently-viewed"
      />
      <RailSection
        id="popular-items"
        title={t('dashboard.popularTitle')}
        items={loaderData.popular.items}
        seeAllHref={loaderData.popular.href}
      />
      <RailSection
        id="followed-items"
        title={t('dashboard.followedTitle')}
        items={loaderData.followed}
        seeAllHref="/follower-items"
      />
      {loaderData.blogs.length > 0 && (
        <section aria-labelledby="blog-rail-heading" className="mx-auto max-w-6xl px-4 py-8">
          <SectionHeading id="blog-rail-heading" title={t('dashboard.fromTheBlog')} seeAllHref="/blog" />
          <ul className="grid gap-4 md:grid-cols-3">
            {loaderData.blogs.map((blog) => (
              <li key={blog.id}>
                <BlogCard blog={blog} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import type { Banner } from '../../../contract/banners.ts';
import type { Collection } from '../../../contract/collections.ts';
import type { Blog } from '../../../contract/content.ts';
import type { ItemCardView } from '../../../contract/items.ts';
import type { Category } from '../../../contract/lookups.ts';
import { SectionHeading } from '../../components/ui/section-heading.tsx';
import { CategoryGrid } from '../../features/catalog/category-grid.tsx';
import { BannerStrip } from '../../features/content/banner-strip.tsx';
import { BlogCard } from '../../features/content/blog-card.tsx';
import { ItemRail } from '../../features/items/item-rail.tsx';

/** The dashboard's "See all" link to `href` (none without one). */
function useSeeAll() {
  const { t } = useTranslation();
  return (href: string | undefined) => (href ? { href, label: t('dashboard.seeAll') } : undefined);
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
  const seeAllOf = useSeeAll();
  if (items.length === 0 && !empty) return null;
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="mx-auto w-full max-w-6xl px-4 py-6">
      <SectionHeading id={headingId} title={title} seeAll={items.length > 0 ? seeAllOf(seeAllHref) : undefined} />
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

/** What the dashboard's loader gives these sections. */
export interface DashboardData {
  banners: Banner[];
  categories: Category[];
  blogs: Blog[];
  recent: { items: ItemCardView[]; href: string };
  popular: { items: ItemCardView[]; href: string };
  followed: ItemCardView[];
  viewed: ItemCardView[];
  /** The operator's published collections, each with its first listings (an empty one is left out). */
  collections: Array<Collection & { items: ItemCardView[] }>;
}

/** The dashboard below its first screen: the category tiles (wide screens), the rails of items and the blog. */
export function DashboardSections({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const seeAllOf = useSeeAll();
  return (
    <>
      {data.banners.length > 0 && (
        <section aria-labelledby="banners-heading" className="mx-auto max-w-6xl px-4 pt-6">
          <h2 id="banners-heading" className="sr-only">
            {t('dashboard.bannersTitle')}
          </h2>
          <BannerStrip banners={data.banners} labelledBy="banners-heading" />
        </section>
      )}
      <section
        id="categories"
        aria-labelledby="categories-heading"
        className="mx-auto hidden max-w-6xl px-4 py-8 md:block"
      >
        <SectionHeading id="categories-heading" title={t('dashboard.categoriesTitle')} seeAll={seeAllOf('/category')} />
        {data.categories.length > 0 ? (
          <CategoryGrid categories={data.categories} />
        ) : (
          <p className="rounded-2xl bg-white p-6 text-center text-slate-500 dark:bg-slate-900">
            {t('dashboard.emptyCategories')}
          </p>
        )}
      </section>
      <RailSection
        id="recent-items"
        title={t('dashboard.recentTitle')}
        items={data.recent.items}
        seeAllHref={data.recent.href}
        empty={t('dashboard.emptyItems')}
      />
      {data.collections.map((collection) => (
        <RailSection
          key={collection.id}
          id={`collection-${collection.id}`}
          title={collection.name}
          items={collection.items}
        />
      ))}
      <RailSection id="recently-viewed" title={t('recent.title')} items={data.viewed} seeAllHref="/recently-viewed" />
      <RailSection
        id="popular-items"
        title={t('dashboard.popularTitle')}
        items={data.popular.items}
        seeAllHref={data.popular.href}
      />
      <RailSection
        id="followed-items"
        title={t('dashboard.followedTitle')}
        items={data.followed}
        seeAllHref="/follower-items"
      />
      {data.blogs.length > 0 && (
        <section aria-labelledby="blog-rail-heading" className="mx-auto max-w-6xl px-4 py-8">
          <SectionHeading id="blog-rail-heading" title={t('dashboard.fromTheBlog')} seeAll={seeAllOf('/blog')} />
          <ul className="grid gap-4 md:grid-cols-3">
            {data.blogs.map((blog) => (
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

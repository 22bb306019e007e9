import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConsoleBanner } from '../../../contract/banners.ts';
import type { ConsoleCollection } from '../../../contract/collections.ts';
import type { ConsoleBlogRow } from '../../../contract/console-content.ts';
import type { Paged } from '../../../contract/paging.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { compactPrimaryButtonClass } from '../../components/ui/form-classes.ts';
import {
  FileText,
  ImagePlus,
  Info,
  LayoutGrid,
  Lock,
  Newspaper,
  Plus,
  ShieldCheck,
} from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import { BroadcastForm } from './broadcast-form.tsx';
import { ConsoleHeading } from './console-nav.tsx';

const PAGES = [
  { kind: 'about', icon: Info },
  { kind: 'privacy', icon: Lock },
  { kind: 'safety', icon: ShieldCheck },
] as const;

/** The console's content: the blog's posts, drafts too, and the pages every visitor can read. */
export function ContentOverview({
  firstPage,
  banners,
  collections,
  language,
  broadcastFailure,
}: {
  firstPage: Paged<ConsoleBlogRow>;
  banners: ConsoleBanner[];
  collections: ConsoleCollection[];
  language: string;
  broadcastFailure: FormResult | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="content-title">
      <ConsoleHeading id="content-title" title={t('console.content.title')} intro={t('console.content.intro')} />
      <section aria-labelledby="content-pages-title" className="mt-6">
        <h2 id="content-pages-title" className="text-lg font-bold">
          {t('console.content.pagesTitle')}
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {PAGES.map(({ kind, icon: Icon }) => (
            <li key={kind}>
              <Link
                to={`/admin/content/pages/${kind}`}
                className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 font-semibold hover:border-brand-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
              >
                <Icon className="size-5 text-brand-700 dark:text-brand-300" aria-hidden />
                {t(`console.content.pages.${kind}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <BannerList banners={banners} />
      <CollectionList collections={collections} />
      <BroadcastForm failure={broadcastFailure} />
      <section aria-labelledby="content-posts-title" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="content-posts-title" className="text-lg font-bold">
            {t('console.content.postsTitle')}
          </h2>
          <Link to="/admin/content/blog/new" className={compactPrimaryButtonClass}>
            <Plus className="size-4" aria-hidden />
            {t('console.content.newPost')}
          </Link>
        </div>
        <PagedList
          firstPage={firstPage}
          source={{ path: '/api/v1/admin/content/blogs', query: { lang: language } }}
          empty={<EmptyState icon={Newspaper} text={t('console.content.noPosts')} />}
        >
          {(posts) => (
            <ul
              className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
              data-testid="console-posts"
            >
              {posts.map((post) => (
                <li key={post.id}>
                  <PostRow post={post} />
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </section>
  );
}

function PostRow({ post }: { post: ConsoleBlogRow }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <Link
      to={`/admin/content/blog/${post.id}`}
      className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800"
    >
      {post.photo_path ? (
        <img src={`/uploads/${post.photo_path}`} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-slate-100 dark:bg-slate-800">
          <FileText className="size-5 text-slate-500" aria-hidden />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold" dir="auto">
          {post.title}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {formatDateTime(post.added_date)} · <bdi dir="ltr">{post.languages.join(' ').toUpperCase()}</bdi>
        </span>
      </span>
      <span
        className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
          post.is_published
            ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
            : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200'
        }`}
      >
        {post.is_published ? t('console.content.published') : t('console.content.draft')}
      </span>
    </Link>
  );
}

/** The home page's banners, hidden ones too, in their order; each opens its form. */
function BannerList({ banners }: { banners: ConsoleBanner[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="content-banners-title" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="content-banners-title" className="text-lg font-bold">
            {t('console.banners.listTitle')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('console.banners.listIntro')}</p>
        </div>
        <Link to="/admin/content/banners/new" className={compactPrimaryButtonClass}>
          <ImagePlus className="size-4" aria-hidden />
          {t('console.banners.newBanner')}
        </Link>
      </div>
      {banners.length === 0 ? (
        <EmptyState icon={ImagePlus} text={t('console.banners.noBanners')} />
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="console-banners">
          {banners.map((banner) => (
            <li key={banner.id}>
              <Link
                to={`/admin/content/banners/${banner.id}`}
                className="block overflow-hidden rounded-2xl border border-slate-200 bg-white hover:border-brand-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
              >
                <img src={`/uploads/${banner.image_path}`} alt="" className="aspect-[3/1] w-full object-cover" />
                <span className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span className="truncate font-semibold" dir="auto">
                    {banner.titles[i18n.language] ?? banner.titles.en ?? banner.titles.ar}
                  </span>
                  <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                    {banner.is_published
                      ? t('console.categories.order', { value: banner.ordering })
                      : t('console.banners.hidden')}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The home page's collections, hidden ones too, in their order; each opens its form. */
function CollectionList({ collections }: { collections: ConsoleCollection[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="content-collections-title" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="content-collections-title" className="text-lg font-bold">
            {t('console.collections.listTitle')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('console.collections.listIntro')}</p>
        </div>
        <Link to="/admin/content/collections/new" className={compactPrimaryButtonClass}>
          <LayoutGrid className="size-4" aria-hidden />
          {t('console.collections.newCollection')}
        </Link>
      </div>
      {collections.length === 0 ? (
        <EmptyState icon={LayoutGrid} text={t('console.collections.noCollections')} />
      ) : (
        <ul
          className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          data-testid="console-collections"
        >
          {collections.map((collection) => (
            <li key={collection.id}>
              <Link
                to={`/admin/content/collections/${collection.id}`}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                <span className="font-semibold" dir="auto">
                  {collection.names[i18n.language] ?? collection.names.en ?? collection.names.ar}
                </span>
                <span className="flex gap-2 text-xs font-semibold text-slate-600 dark:text-slate-400">
                  {!collection.is_published && <span>{t('console.collections.hidden')}</span>}
                  <span>{t('console.collections.count', { value: collection.item_ids.length })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { appContext } from '#app-context';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { Search } from '../../components/ui/icons.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { BlogCard } from '../../features/content/blog-card.tsx';
import { withExcerpt } from '../../features/content/blog-excerpt.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/blog-list';

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = await pageLanguage(request);
  const searchterm = (new URL(request.url).searchParams.get('searchterm') ?? '').trim().slice(0, 100);
  const firstPage = await context
    .get(appContext)
    .services.listBlogs({ limit: PAGE_SIZE.blogs, offset: 0, ...(searchterm ? { searchterm } : {}) }, language);
  return { firstPage: { ...firstPage, items: firstPage.items.map(withExcerpt) }, language, searchterm };
}

export const handle = { i18n: ['content'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.blogTitle', description: 'meta.blogDescription' });

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { searchterm, language } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-8" aria-labelledby="blog-heading">
      <h1 id="blog-heading" className="text-2xl font-bold">
        {t('blog.heading')}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('blog.intro')}</p>
      <Form method="get" role="search" className="mt-6 flex gap-2">
        <label htmlFor="blog-search" className="sr-only">
          {t('blog.searchLabel')}
        </label>
        <input
          id="blog-search"
          name="searchterm"
          type="search"
          defaultValue={searchterm}
          placeholder={t('blog.searchPlaceholder')}
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2.5 dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          <Search className="size-4" aria-hidden />
          {t('blog.search')}
        </button>
      </Form>

      <PagedList
        firstPage={loaderData.firstPage}
        source={{ path: '/api/v1/blogs', query: { searchterm, lang: language } }}
        empty={
          <div className="mt-10 text-center" role="status">
            <p className="text-lg font-bold">{t('messages.noResult')}</p>
            <p className="mt-1 text-slate-600 dark:text-slate-400">{t('messages.noResultHint')}</p>
          </div>
        }
      >
        {(blogs) => (
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {blogs.map((blog) => (
              <li key={blog.id}>
                <BlogCard blog={blog} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

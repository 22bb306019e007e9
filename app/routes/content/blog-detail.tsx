import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { appContext } from '#app-context';
import { parseSerialId } from '../../../contract/id-basics.ts';
import { ArrowLeft, ArrowRight } from '../../components/ui/icons.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { RichText } from '../../features/content/rich-text.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import type { Route } from './+types/blog-detail';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseSerialId(params.blogId);
  const blog = id ? await context.get(appContext).services.getBlog(id, await pageLanguage(request)) : null;
  if (!blog) throw data(null, { status: 404 });
  return { blog };
}

export const handle = { i18n: ['content'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: 'meta.blogTitle', description: 'meta.blogDescription' }, { title: loaderData?.blog.name });

export default function BlogDetail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { blog } = loaderData;
  const Back = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8" aria-labelledby="blog-title">
      <Link
        to="/blog"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <Back className="size-4" aria-hidden />
        {t('blog.back')}
      </Link>
      <h1 id="blog-title" className="mt-4 text-3xl font-extrabold leading-tight" dir="auto">
        {blog.name}
      </h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
        <SentenceWithValue sentence={(date) => t('blog.published', { date })} value={formatDateTime(blog.added_date)} />
      </p>
      {blog.default_photo && (
        <img
          src={`/uploads/${blog.default_photo.img_path}`}
          alt=""
          className="mt-6 aspect-video w-full rounded-2xl object-cover"
        />
      )}
      <div className="mt-6" dir="auto">
        <RichText html={blog.description_html} />
      </div>
    </article>
  );
}

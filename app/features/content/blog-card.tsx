import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Blog } from '../../../contract/content.ts';
import { Newspaper } from '../../components/ui/icons.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { useFormatDateTime } from '../../lib/time-zone.tsx';

export function BlogCard({ blog }: { blog: Blog }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <Link
      to={`/blog/${blog.id}`}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 transition hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
    >
      {blog.default_photo ? (
        <img
          src={`/uploads/${blog.default_photo.img_path}`}
          alt=""
          className="mb-4 aspect-video w-full rounded-xl object-cover"
          loading="lazy"
        />
      ) : (
        <Newspaper className="mb-3 size-8 text-brand-600 dark:text-brand-300" aria-hidden />
      )}
      <h3 className="text-lg font-bold leading-snug" dir="auto">
        {blog.name}
      </h3>
      <p className="mt-2 line-clamp-3 text-sm text-slate-600 dark:text-slate-400" dir="auto">
        {blog.description}
      </p>
      <p className="mt-auto pt-4 text-xs text-slate-500 dark:text-slate-400">
        <SentenceWithValue sentence={(date) => t('blog.published', { date })} value={formatDateTime(blog.added_date)} />
      </p>
    </Link>
  );
}

import { useTranslation } from 'react-i18next';
import { Info, Lock, ShieldCheck } from '../../components/ui/icons.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useFormatDateTime } from '../../lib/time-zone.tsx';
import type { contentPageLoader } from './content-page.server.ts';
import { Prose } from './prose.tsx';

/** /about, /privacy and /safety: pages the operator writes (content_pages), in the reader's language. */
const PAGES = {
  about: { icon: Info, description: 'meta.aboutDescription' },
  privacy: { icon: Lock, description: 'meta.privacyDescription' },
  safety: { icon: ShieldCheck, description: 'meta.safetyDescription' },
} as const satisfies Record<Parameters<typeof contentPageLoader>[0], unknown>;

type ContentPageProps = Awaited<ReturnType<typeof contentPageLoader>>;

export function contentPageMeta(matches: Parameters<typeof pageMeta>[0], loaderData: ContentPageProps | undefined) {
  return pageMeta(
    matches,
    {
      title: 'meta.notFoundTitle',
      description: loaderData ? PAGES[loaderData.kind].description : 'meta.notFoundDescription',
    },
    { title: loaderData?.page.title },
  );
}

export function ContentPage({ kind, page, isOtherLanguage }: ContentPageProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const Icon = PAGES[kind].icon;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="content-heading">
      <div className="mb-6 flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon className="size-6" aria-hidden />
        </span>
        <h1 id="content-heading" className="text-3xl font-extrabold">
          {page.title}
        </h1>
      </div>
      {isOtherLanguage && (
        <p className="mb-6 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t('content.shownInOtherLanguage')}
        </p>
      )}
      <div lang={page.lang} dir="auto">
        <Prose text={page.body} />
      </div>
      <p className="mt-10 text-sm text-slate-500 dark:text-slate-400">
        <SentenceWithValue
          sentence={(date) => t('content.lastUpdated', { date })}
          value={formatDateTime(page.updated_date)}
        />
      </p>
    </article>
  );
}

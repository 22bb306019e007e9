import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConsoleOfflineMethod } from '../../../contract/payment-catalog.ts';
import { compactPrimaryButtonClass } from '../../components/ui/form-classes.ts';
import { Plus } from '../../components/ui/icons.tsx';
import { ConsoleHeading } from './console-nav.tsx';
import { OfflineMethodIcon } from './offline-method-icon.tsx';

const BADGE = 'rounded-full bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200';

/** In a text for the reader's language, else English, else Arabic. */
export const wordsIn = (texts: Record<string, string>, language: string) =>
  texts[language] ?? texts.en ?? texts.ar ?? '';

/** /admin/payments/offline-methods: the bank transfers and cash desks payers may choose, hidden ones too. */
export function OfflineMethodList({ methods, tabs }: { methods: ConsoleOfflineMethod[]; tabs: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-6" aria-labelledby="offline-methods-title">
      {tabs}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ConsoleHeading
          id="offline-methods-title"
          title={t('console.offlineMethods.title')}
          intro={t('console.offlineMethods.intro')}
        />
        <Link to="/admin/payments/offline-methods/new" className={compactPrimaryButtonClass}>
          <Plus className="size-4" aria-hidden />
          {t('console.offlineMethods.add')}
        </Link>
      </div>
      {methods.length === 0 ? (
        <p className="mt-5 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('console.offlineMethods.empty')}
        </p>
      ) : (
        <ul
          className="mt-5 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          data-testid="console-offline-methods"
        >
          {methods.map((method) => (
            <li key={method.id} className="flex items-start gap-3 px-4 py-3">
              <OfflineMethodIcon icon={method.icon} />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/admin/payments/offline-methods/${method.id}`}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline dark:text-brand-200"
                >
                  <bdi>{wordsIn(method.titles, i18n.language)}</bdi>
                </Link>
                <p className="mt-0.5 line-clamp-2 text-sm text-slate-600 dark:text-slate-400" dir="auto">
                  {wordsIn(method.descriptions, i18n.language)}
                </p>
              </div>
              <span className="flex shrink-0 flex-wrap items-center gap-2 text-xs font-semibold">
                <span className={BADGE}>{t('console.lists.order', { value: method.ordering })}</span>
                {!method.is_published && <span className={BADGE}>{t('console.lists.hidden')}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

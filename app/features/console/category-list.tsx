import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConsoleCategory } from '../../../contract/console.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { ConsoleHeading } from './console-nav.tsx';

/** Every category, hidden ones too, in their order; each opens its form. */
export function CategoryList({ categories }: { categories: ConsoleCategory[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="categories-title">
      <ConsoleHeading
        id="categories-title"
        title={t('console.categories.title')}
        intro={t('console.categories.intro')}
      />
      <ul className="mt-5 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {categories.map((category) => (
          <li key={category.cat_id}>
            <Link
              to={`/admin/categories/${category.cat_id}`}
              className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <span className="font-semibold">{category.names[language] ?? category.names.en}</span>
              <span className="flex gap-2 text-xs font-semibold">
                {!category.is_published && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    {t('console.categories.hidden')}
                  </span>
                )}
                <span className="text-slate-600 dark:text-slate-400">
                  {t('console.categories.order', { value: category.cat_ordering })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

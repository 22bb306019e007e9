import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConsoleCategory } from '../../../contract/console.ts';
import { CONSOLE_LIST_KINDS, isChildList } from '../../../contract/console-lists-basics.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { CategoryIcon } from '../../components/ui/category-icon.tsx';
import { compactPrimaryButtonClass } from '../../components/ui/form-classes.ts';
import { ChevronRight, Plus } from '../../components/ui/icons.tsx';
import { ConsoleHeading } from './console-nav.tsx';

const TOP_LEVEL_LISTS = CONSOLE_LIST_KINDS.filter((kind) => !isChildList(kind));
const BADGE = 'rounded-full bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200';

/** Every category, hidden ones too, in their order, each opening its form; then the other lookup lists. */
export function CategoryList({ categories }: { categories: ConsoleCategory[] }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="categories-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ConsoleHeading
          id="categories-title"
          title={t('console.categories.title')}
          intro={t('console.categories.intro')}
        />
        <Link to="/admin/categories/new" className={compactPrimaryButtonClass}>
          <Plus className="size-4" aria-hidden />
          {t('console.categories.newCategory')}
        </Link>
      </div>
      <ul className="mt-5 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {categories.map((category) => (
          <CategoryRow key={category.cat_id} category={category} />
        ))}
      </ul>
      <OtherLists />
    </section>
  );
}

function CategoryRow({ category }: { category: ConsoleCategory }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  return (
    <li>
      <Link
        to={`/admin/categories/${category.cat_id}`}
        className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800"
      >
        <span className="flex items-center gap-3 font-semibold">
          {category.icon_picture ? (
            <img src={`/uploads/${category.icon_picture}`} alt="" className="size-9 rounded-xl object-cover" />
          ) : (
            <span className="flex size-9 items-center justify-center rounded-xl bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200">
              <CategoryIcon name={category.icon} className="size-5" />
            </span>
          )}
          {category.names[language] ?? category.names.en}
        </span>
        <span className="flex flex-wrap gap-2 text-xs font-semibold">
          {category.is_vehicle && <span className={BADGE}>{t('console.categories.vehicles')}</span>}
          {!category.is_published && <span className={BADGE}>{t('console.categories.hidden')}</span>}
          <span className="text-slate-600 dark:text-slate-400">
            {t('console.categories.order', { value: category.cat_ordering })}
          </span>
        </span>
      </Link>
    </li>
  );
}

function OtherLists() {
  const { t } = useTranslation();
  return (
    <section className="mt-10" aria-labelledby="other-lists-title">
      <h2 id="other-lists-title" className="text-xl font-bold">
        {t('console.categories.otherLists')}
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('console.categories.otherListsIntro')}</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {TOP_LEVEL_LISTS.map((kind) => (
          <li key={kind}>
            <Link
              to={`/admin/categories/lists/${kind}`}
              className="flex items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 font-semibold hover:border-brand-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
            >
              {t(`console.lists.kinds.${kind}`)}
              <ChevronRight className="size-4 text-slate-400 rtl:rotate-180" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

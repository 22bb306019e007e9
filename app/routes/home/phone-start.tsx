import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../contract/lookups.ts';
import { CategoryChips } from '../../features/catalog/category-chips.tsx';
import { SearchBox } from '../../features/shell/header.tsx';

/**
 * The dashboard's first screen on phones (hidden on wider ones, which show the hero and the category tiles): the
 * search box, and the categories folded into one row, so that the newest listings follow within the screen.
 */
export function PhoneStart({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 md:hidden">
      <h1 className="sr-only">{t('dashboard.heroTitle')}</h1>
      <Suspense fallback={null}>
        <SearchBox />
      </Suspense>
      {categories.length > 0 && (
        <section aria-labelledby="category-chips-heading" className="mt-3">
          <h2 id="category-chips-heading" className="sr-only">
            {t('dashboard.categoriesTitle')}
          </h2>
          <CategoryChips
            categories={categories}
            labelledBy="category-chips-heading"
            more={{ href: '/category', text: t('dashboard.seeAll'), srText: t('dashboard.categoriesTitle') }}
          />
        </section>
      )}
    </div>
  );
}

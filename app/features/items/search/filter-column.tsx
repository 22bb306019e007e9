import { useTranslation } from 'react-i18next';
import { FilterForm } from './filter-form.tsx';
import type { FilterPanelData } from './filter-panel.ts';
import type { FilterValues } from './list-filters.ts';

/**
 * The filter panel beside the results on wide screens. On phones it is hidden (the sheet holds it) unless the
 * address targets it (#filters): the link that stands for the sheet before the page runs.
 */
export function FilterColumn({
  panel,
  path,
  hrefFor,
}: {
  panel: FilterPanelData;
  path: string;
  hrefFor: (values: FilterValues) => string;
}) {
  const { t } = useTranslation();
  return (
    <aside
      id="filters"
      aria-labelledby="filters-heading"
      className="hidden target:block lg:block"
      data-testid="filter-column"
    >
      <h2 id="filters-heading" className="mb-3 text-lg font-bold">
        {t('itemList.filters.heading')}
      </h2>
      <FilterForm idPrefix="side" data={panel} action={path} hrefFor={hrefFor} />
    </aside>
  );
}

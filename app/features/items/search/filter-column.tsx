import { useTranslation } from 'react-i18next';
import { FilterForm } from './filter-form.tsx';
import type { ItemListData } from './item-list.server.ts';
import { useFilterPanel } from './use-list-links.ts';

/**
 * The filter panel beside the results on wide screens. On phones it is hidden (the sheet holds it) unless the
 * address targets it (#filters): the link that stands for the sheet before the page runs. It hydrates on its own
 * (item-list-page.tsx), so it takes the page's data alone and makes its links itself.
 */
export function FilterColumn({ view }: { view: ItemListData }) {
  const { t } = useTranslation();
  const { panel, hrefFor } = useFilterPanel(view);
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
      <FilterForm idPrefix="side" data={panel} action={view.path} hrefFor={hrefFor} />
    </aside>
  );
}

import type { ItemCardSearchResult } from '../../../../contract/search.ts';
import type { FilterPanelData } from './filter-panel.ts';
import { FilterSheet } from './filter-sheet.tsx';
import { activeChips, type FilterValues } from './list-filters.ts';
import { SaveSearchButton } from './save-search-button.tsx';
import { SortControl } from './sort-control.tsx';
import type { ListPages } from './use-list-pages.ts';
import { ViewToggle } from './view-toggle.tsx';

/** Above the results: the filter sheet (phones), the order, and cards or map once there are results. */
export function ListToolbar({
  panel,
  path,
  hrefFor,
  result,
  pages,
}: {
  panel: FilterPanelData;
  path: string;
  hrefFor: (values: FilterValues) => string;
  result: ItemCardSearchResult | null;
  pages: ListPages;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <FilterSheet count={activeChips(panel.values).length} panel={panel} path={path} hrefFor={hrefFor} />
      <SortControl values={panel.values} path={path} hrefFor={hrefFor} />
      {result && result.items.length > 0 && <ViewToggle view={pages.view} onView={pages.setView} />}
      {result && <SaveSearchButton values={panel.values} />}
    </div>
  );
}

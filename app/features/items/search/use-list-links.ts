import { useFetcher } from 'react-router';
import type { FilterPanelData } from './filter-panel.ts';
import type { ItemListData } from './item-list.server.ts';
import { type FilterValues, ITEM_LIST_PATH, listHref } from './list-filters.ts';

type LinkContext = Pick<ItemListData, 'values' | 'defaulted' | 'manufacturer' | 'path'>;

/**
 * The address of the list with other filters. The chosen location applies by itself: the address names a place
 * only when another is chosen. A manufacturer's list keeps its path while its manufacturer stays.
 */
export function listHrefFor({ values, defaulted, manufacturer, path }: LinkContext, filters: FilterValues): string {
  const next = { ...filters };
  for (const param of defaulted) if (next[param] === values[param]) delete next[param];
  if (manufacturer && path !== ITEM_LIST_PATH && next.manufacturer_id === String(manufacturer.id)) {
    const { manufacturer_id: _id, manufacturer_name: _name, ...rest } = next;
    return listHref(rest, path);
  }
  return listHref(next, ITEM_LIST_PATH);
}

/** The page's links to other lists, and "all locations", which forgets the header's choice on this device. */
export function useListLinks(view: LinkContext) {
  const fetcher = useFetcher();
  return {
    hrefFor: (filters: FilterValues) => listHrefFor(view, filters),
    /** The pages load again without the chosen location. */
    forgetLocation: () => fetcher.submit({ choice: 'all' }, { method: 'post', action: '/chosen-location' }),
  };
}

/** The filter panel's data (beside the results, and in the phones' sheet) and the list's links. */
export function useFilterPanel(view: ItemListData) {
  const { values, defaulted, errors, options, manufacturer, mapTiles } = view;
  const { hrefFor, forgetLocation } = useListLinks(view);
  const panel: FilterPanelData = {
    values,
    defaulted,
    errors,
    options,
    manufacturer,
    mapTiles,
    onForgetLocation: forgetLocation,
  };
  return { panel, hrefFor, forgetLocation };
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Model, Township } from '../../../../contract/lookups.ts';
import { MAX_PAGE_SIZE } from '../../../../contract/paging-basics.ts';
import { apiGet } from '../../../lib/api-client.ts';
import type { PanelValues } from './filter-panel.ts';
import type { ItemListOptions, ListOption } from './item-list.server.ts';
import type { FilterValues } from './list-filters.ts';

/** A list that depends on another choice: its entries, whether they are loading or failed, and a retry. */
export interface DependentList {
  status: 'ready' | 'loading' | 'failed';
  options: ListOption[];
  retry: () => void;
}

/** A list that depends on another choice, loaded for it; the page's own list (server) when it matches. */
function useChildOptions<T>(
  path: string | null,
  toOption: (row: T) => ListOption,
  initial: { path: string | null; options: ListOption[] },
): DependentList {
  const { i18n } = useTranslation();
  const [state, setState] = useState<{
    path: string | null;
    status: 'ready' | 'loading' | 'failed';
    options: ListOption[];
  }>({ path: initial.path, status: 'ready', options: initial.options });
  const [attempt, setAttempt] = useState(0);
  const known = state.path === path && state.status === 'ready';
  // biome-ignore lint/correctness/useExhaustiveDependencies: toOption is a fresh function on every render; attempt asks again.
  useEffect(() => {
    if (!path || known) return;
    const controller = new AbortController();
    setState((previous) => ({ path, status: 'loading', options: previous.path === path ? previous.options : [] }));
    apiGet<{ items: T[] }>(path, { limit: MAX_PAGE_SIZE, lang: i18n.language }, { signal: controller.signal })
      .then((page) => setState({ path, status: 'ready', options: page.items.map(toOption) }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ path, status: 'failed', options: [] });
      });
    return () => controller.abort();
  }, [path, i18n.language, attempt]);
  if (!path) return { status: 'ready' as const, options: [], retry: () => {} };
  return {
    status: state.path === path ? state.status : ('loading' as const),
    options: state.path === path ? state.options : [],
    retry: () => setAttempt((value) => value + 1),
  };
}

const subcategoriesPath = (catId: string | undefined) =>
  catId ? `/api/v1/categories/${encodeURIComponent(catId)}/subcategories` : null;

/**
 * The lists that follow another choice of the panel: a category's subcategories (the page brings those of the
 * URL's category), a city's townships and a manufacturer's models, loaded when that choice changes.
 */
export function useDependentLists(form: PanelValues, values: FilterValues, options: ItemListOptions) {
  const subcategories = useChildOptions<{ id: number; name: string }>(
    subcategoriesPath(form.cat_id),
    (row) => ({ id: row.id, name: row.name }),
    { path: subcategoriesPath(values.cat_id), options: options.subcategories },
  );
  const townships = useChildOptions<Township>(
    form.item_location_id ? `/api/v1/locations/${encodeURIComponent(form.item_location_id)}/townships` : null,
    (row) => ({ id: row.id, name: row.township_name }),
    { path: null, options: [] },
  );
  const models = useChildOptions<Model>(
    form.manufacturer_id ? `/api/v1/manufacturers/${encodeURIComponent(form.manufacturer_id)}/models` : null,
    (row) => ({ id: row.id, name: row.name }),
    { path: null, options: [] },
  );
  return { subcategories, townships, models };
}

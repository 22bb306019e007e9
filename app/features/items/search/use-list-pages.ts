import { useEffect, useMemo, useRef } from 'react';
import type { ItemListData } from './item-list.server.ts';
import { useItemPages } from './use-item-pages.ts';

/**
 * The pages of results the list has shown (the loader's first, then those "Load more" adds from the API).
 * Keyboard focus: after "Load more" it goes to the first new card, where reading goes on.
 */
export function useListPages({ result, values, language }: Pick<ItemListData, 'result' | 'values' | 'language'>) {
  const apiQuery = useMemo(() => {
    const query: Record<string, string> = { lang: language };
    for (const [name, value] of Object.entries(values)) if (value !== undefined) query[name] = value;
    // Later pages as cards, like the first one the page rendered.
    return { ...query, view: 'card' };
  }, [values, language]);
  const pages = useItemPages(result, apiQuery);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || pages.items.length <= from) return;
    focusFrom.current = null;
    document.querySelector<HTMLElement>(`[data-testid="item-list-results"] > li:nth-child(${from + 1}) a`)?.focus();
  }, [pages.items]);
  return {
    ...pages,
    loadMore: () => {
      focusFrom.current = pages.items.length;
      void pages.loadMore();
    },
  };
}

export type ListPages = ReturnType<typeof useListPages>;

import { useCallback, useEffect, useState } from 'react';
import type { Paged } from '../../contract/paging.ts';
import { ApiError, apiGet } from './api-client.ts';

/**
 * "Load more" paging (SPEC.md 4 "Lists"): the first page comes from the loader and replaces the list; each
 * further page is fetched with the previous page's cursor and appended; an empty cursor means no more.
 */
export function useLoadMore<T>(firstPage: Paged<T>, path: string, query: Record<string, string> = {}) {
  const [items, setItems] = useState(firstPage.items);
  const [cursor, setCursor] = useState(firstPage.next_cursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    setItems(firstPage.items);
    setCursor(firstPage.next_cursor);
    setError(null);
  }, [firstPage]);

  const queryKey = JSON.stringify(query);
  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      const page = await apiGet<Paged<T>>(path, { ...JSON.parse(queryKey), cursor });
      setItems((shown) => [...shown, ...page.items]);
      setCursor(page.next_cursor);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure : new ApiError({ code: 500, text: String(failure) }));
    } finally {
      setLoading(false);
    }
  }, [cursor, path, queryKey]);

  return { items, hasMore: cursor !== null, loading, error, loadMore };
}

import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../../../contract/paging.ts';
import { ApiError, apiGet } from '../../lib/api-client.ts';
import { Loader2 } from './icons.tsx';

/** Where further pages come from: an /api/v1 list and its query (the cursor is added here). */
export interface PageSource {
  path: string;
  query?: Record<string, string>;
}

/**
 * A list paged with "Load more" (SPEC.md 4 "Lists"): the first page comes from the loader; each further page
 * is fetched with the previous page's cursor and appended; no cursor means there is no more. `children` draws
 * the items shown so far; `empty`, when given, stands in for a list with no items.
 *
 * Keyboard focus: the button that asked for more goes away or moves below the new rows, so focus moves to the
 * first new row's first link or button, where reading goes on (the rows are appended, so that is the first
 * focusable element after those shown before).
 */
export function PagedList<T>({
  firstPage,
  source,
  children,
  empty,
}: {
  firstPage: Paged<T>;
  source: PageSource;
  children: (items: T[]) => ReactNode;
  empty?: ReactNode;
}) {
  const list = useLoadMore(firstPage, source);
  const shown = useRef<HTMLDivElement>(null);
  /** How many focusable elements the list held when more was asked for, until the new rows have come. */
  const focusFrom = useRef<number | null>(null);

  const loadMore = () => {
    focusFrom.current = shown.current ? focusablesIn(shown.current).length : null;
    void list.loadMore();
  };

  // Once the new rows are drawn (list.items changed), focus the first of them.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || !shown.current || list.items.length === 0) return;
    const focusables = focusablesIn(shown.current);
    if (focusables.length <= from) return;
    focusFrom.current = null;
    focusables[from]?.focus();
  }, [list.items]);

  return (
    <>
      <div ref={shown} className="contents">
        {list.items.length === 0 && empty ? empty : children(list.items)}
      </div>
      {list.hasMore && <LoadMoreButton loading={list.loading} error={list.error} onLoadMore={loadMore} />}
    </>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
const focusablesIn = (element: HTMLElement) => [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];

function useLoadMore<T>(firstPage: Paged<T>, source: PageSource) {
  const [items, setItems] = useState(firstPage.items);
  const [cursor, setCursor] = useState(firstPage.next_cursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  // A new first page (another search, another language) starts the list again.
  useEffect(() => {
    setItems(firstPage.items);
    setCursor(firstPage.next_cursor);
    setError(null);
  }, [firstPage]);

  const { path } = source;
  const queryKey = JSON.stringify(source.query ?? {});
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

function LoadMoreButton(props: { loading: boolean; error: ApiError | null; onLoadMore: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      {props.error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {props.error.text}
        </p>
      )}
      <button
        type="button"
        onClick={props.onLoadMore}
        disabled={props.loading}
        className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-6 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        {props.loading && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {props.error ? t('errors.retry') : t('common.loadMore')}
      </button>
    </div>
  );
}

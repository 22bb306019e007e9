import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { ItemCardView } from '../../../../contract/items.ts';
import type { ItemCardSearchResult } from '../../../../contract/search.ts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

export type ResultsView = 'list' | 'map';

/** What a list keeps of itself in its history entry, so Back shows the same cards at the same place. */
interface Kept {
  address: string;
  items: ItemCardView[];
  cursor: string | null;
  view: ResultsView;
  scrollY: number;
}

interface Shown {
  items: ItemCardView[];
  cursor: string | null;
  view: ResultsView;
}

const KEY_PREFIX = 'souk:item-list:';
const INDEX_KEY = 'souk:item-list';
/** History entries whose lists are kept (the oldest are dropped): enough for going back a few searches. */
const KEPT_ENTRIES = 12;

function readKept(key: string, address: string): Kept | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY_PREFIX + key) ?? 'null') as Kept | null;
    return kept && kept.address === address && Array.isArray(kept.items) ? kept : null;
  } catch {
    return null;
  }
}

function writeKept(key: string, kept: Kept) {
  const save = () => {
    const index = (JSON.parse(sessionStorage.getItem(INDEX_KEY) ?? '[]') as string[]).filter((entry) => entry !== key);
    index.push(key);
    for (const old of index.splice(0, Math.max(0, index.length - KEPT_ENTRIES))) {
      sessionStorage.removeItem(KEY_PREFIX + old);
    }
    sessionStorage.setItem(INDEX_KEY, JSON.stringify(index));
    sessionStorage.setItem(KEY_PREFIX + key, JSON.stringify(kept));
  };
  try {
    save();
  } catch {
    // Storage full or refused: forget the kept lists and try once more; a list that cannot be kept still works.
    try {
      const index = JSON.parse(sessionStorage.getItem(INDEX_KEY) ?? '[]') as string[];
      for (const old of index) sessionStorage.removeItem(KEY_PREFIX + old);
      sessionStorage.removeItem(INDEX_KEY);
      save();
    } catch {}
  }
}

function updateScroll(key: string, address: string, scrollY: number) {
  const kept = readKept(key, address);
  if (kept && kept.scrollY !== scrollY) writeKept(key, { ...kept, scrollY });
}

const noSubscription = () => () => {};

/**
 * The cards of an item list and "load more" (SPEC.md 4 lists: the first page replaces, later pages append,
 * an empty page or no cursor ends the list). The loaded pages, the chosen view and the scroll position are
 * kept per history entry (sessionStorage by location.key), so coming back to the list, by Back from an item
 * or after a reload, shows the same cards at the same place.
 */
export function useItemPages(result: ItemCardSearchResult | null, apiQuery: Record<string, string>) {
  const location = useLocation();
  const key = location.key;
  const address = `${location.pathname}${location.search}`;
  // False while hydrating (the first render must match the server's), true for renders in the browser after.
  const browserRender = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const fresh = (): Shown => ({ items: result?.items ?? [], cursor: result?.next_cursor ?? null, view: 'list' });
  const keptOrFresh = (): Shown => {
    const kept = browserRender ? readKept(key, address) : null;
    return kept ? { items: kept.items, cursor: kept.cursor, view: kept.view } : fresh();
  };
  const [shown, setShown] = useState<Shown>(keptOrFresh);
  const [shownFor, setShownFor] = useState({ key, result });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const scrollTo = useRef<number | null>(null);
  // What this entry kept, read before anything scrolls (the router's own restoration, clamped to the first
  // page's height, would otherwise be taken for the person's scroll position).
  const keptAtStart = useRef<Kept | null | undefined>(undefined);
  if (keptAtStart.current === undefined) {
    keptAtStart.current = typeof window === 'undefined' ? null : readKept(key, address);
  }
  /** Until the kept pages are back after hydration, a scroll is not the person's. */
  const settled = useRef(browserRender);
  // Another history entry (new filters, or Back to an earlier list): its kept pages, or its first page. The
  // same entry loaded again (the chosen location changed): its new first page, in the same view.
  if (shownFor.key !== key || shownFor.result !== result) {
    setShownFor({ key, result });
    setShown(shownFor.key !== key ? keptOrFresh() : { ...fresh(), view: shown.view });
    setError(null);
    setLoading(false);
  }

  // After hydration: the pages this entry kept (a reload, or Back from another document), then its scroll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first (hydrating) render.
  useEffect(() => {
    if (browserRender) return;
    const kept = keptAtStart.current;
    if (kept && (kept.items.length > shown.items.length || kept.view !== shown.view)) {
      scrollTo.current = kept.scrollY;
      setShown({ items: kept.items, cursor: kept.cursor, view: kept.view });
    } else {
      settled.current = true;
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of what is shown.
  useLayoutEffect(() => {
    if (scrollTo.current === null) return;
    window.scrollTo(0, scrollTo.current);
    scrollTo.current = null;
    settled.current = true;
  }, [shown]);

  // Keep this entry's pages and view (not before hydration is over: the kept pages may be on their way in).
  useEffect(() => {
    if (browserRender) writeKept(key, { address, ...shown, scrollY: window.scrollY });
  }, [browserRender, key, address, shown]);

  // Keep its scroll position as it changes; stop before the next page scrolls (layout cleanup runs first).
  useLayoutEffect(() => {
    let active = true;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (active && settled.current) updateScroll(key, address, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      active = false;
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key, address]);

  const queryKey = JSON.stringify(apiQuery);
  const { cursor } = shown;
  const currentKey = useRef(key);
  currentKey.current = key;
  const loadMore = useCallback(async () => {
    if (!cursor) return;
    const startedFor = currentKey.current;
    setLoading(true);
    setError(null);
    try {
      const page = await apiGet<ItemCardSearchResult>('/api/v1/items', { ...JSON.parse(queryKey), cursor });
      // The person has gone to another list meanwhile: this page is not its.
      if (currentKey.current !== startedFor) return;
      setShown((current) => ({
        ...current,
        items: [...current.items, ...page.items],
        // An empty page marks the end, whatever cursor came with it.
        cursor: page.items.length === 0 ? null : page.next_cursor,
      }));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure : new ApiError({ code: 500, text: String(failure) }));
    } finally {
      setLoading(false);
    }
  }, [cursor, queryKey]);

  const setView = useCallback((view: ResultsView) => setShown((current) => ({ ...current, view })), []);

  return {
    items: shown.items,
    view: shown.view,
    hasMore: shown.cursor !== null,
    loading,
    error,
    loadMore,
    setView,
  };
}

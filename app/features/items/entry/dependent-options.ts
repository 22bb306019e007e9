import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '../../../../contract/paging-basics.ts';
import { apiGet } from '../../../lib/api-client.ts';
import type { Option } from './entry-fields.tsx';

type State = { status: 'idle' | 'loading' | 'ready' | 'failed'; options: Option[] };

/**
 * A list that depends on another choice (subcategories of a category, townships of a city, models of a
 * manufacturer), loaded from the API when that choice changes. `path` null: nothing chosen yet.
 */
export function useDependentOptions<T>(path: string | null, toOption: (row: T) => Option) {
  const { i18n } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle', options: [] });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: toOption is a fresh function on every render; attempt asks again.
  useEffect(() => {
    if (!path) {
      setState({ status: 'idle', options: [] });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', options: previous.options }));
    apiGet<{ items: T[] }>(path, { limit: MAX_PAGE_SIZE, lang: i18n.language }, { signal: controller.signal })
      .then((page) => setState({ status: 'ready', options: page.items.map(toOption) }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed', options: [] });
      });
    return () => controller.abort();
  }, [path, i18n.language, attempt]);
  return { ...state, retry: () => setAttempt((value) => value + 1) };
}

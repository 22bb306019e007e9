import { useEffect, useRef, useState } from 'react';
import type { SearchSuggestion } from '../../../contract/search.ts';
import { apiGet } from '../../lib/api-client.ts';
import { loadSuggestionOptions } from './search-suggestion-list.tsx';

/** Suggestions start at this many typed characters, this long after the last key press. */
const SUGGEST_MIN_CHARACTERS = 2;
const SUGGEST_DEBOUNCE_MS = 200;
/** The longest prefix the suggestions API takes (contract/search.ts SUGGEST_PREFIX_MAX_LENGTH). */
const SUGGEST_MAX_CHARACTERS = 60;

/** Answers already fetched (per language and prefix): typing back and forth asks the server once. */
const answered = new Map<string, SearchSuggestion[]>();
const ANSWERS_KEPT = 50;

/**
 * Suggestions for what was typed: fetched a moment after the last key press, the request for an older text
 * aborted when a newer one starts. Fewer than two characters, or a failed request, suggest nothing (the box
 * still searches).
 */
export function useSuggestions(text: string, language: string) {
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const latest = useRef('');
  useEffect(() => {
    const prefix = text.trim();
    const length = [...prefix].length;
    if (length < SUGGEST_MIN_CHARACTERS || length > SUGGEST_MAX_CHARACTERS) {
      latest.current = '';
      setSuggestions([]);
      return;
    }
    const key = `${language}\n${prefix}`;
    latest.current = key;
    const known = answered.get(key);
    if (known) {
      setSuggestions(known);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      Promise.all([
        apiGet<{ suggestions: SearchSuggestion[] }>(
          '/api/v1/search/suggestions',
          { q: prefix, lang: language },
          { signal: controller.signal },
        ),
        // The list's options are drawn by code fetched beside the first answer.
        loadSuggestionOptions(),
      ])
        .then(([data]) => {
          const list = data?.suggestions ?? [];
          if (answered.size >= ANSWERS_KEPT) answered.delete(answered.keys().next().value as string);
          answered.set(key, list);
          if (latest.current === key) setSuggestions(list);
        })
        .catch(() => {
          if (!controller.signal.aborted && latest.current === key) setSuggestions([]);
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, language]);
  return suggestions;
}

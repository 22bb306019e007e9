import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { SearchSuggestion, SuggestionKind } from '../../../contract/search.ts';
import { type IconComponent, Search, Store, Tag } from '../../components/ui/icons.tsx';
import { apiGet } from '../../lib/api-client.ts';
import { searchTermHref, suggestionHref } from './search-href.ts';

/** Suggestions start at this many typed characters, this long after the last key press. */
const SUGGEST_MIN_CHARACTERS = 2;
const SUGGEST_DEBOUNCE_MS = 200;
/** The longest prefix the suggestions API takes (contract/search.ts SUGGEST_PREFIX_MAX_LENGTH). */
const SUGGEST_MAX_CHARACTERS = 60;
/** The longest search term an item list takes (contract/search.ts SEARCH_TERM_MAX_LENGTH). */
const SEARCH_TERM_MAX_CHARACTERS = 100;

const KIND_LABELS = {
  title: null,
  category: 'searchBox.kindCategory',
  subcategory: 'searchBox.kindSubcategory',
  brand: 'searchBox.kindBrand',
} as const satisfies Record<SuggestionKind, string | null>;
const KIND_ICONS: Record<SuggestionKind, IconComponent> = {
  title: Search,
  category: Tag,
  subcategory: Tag,
  brand: Store,
};

/**
 * The header's search box: a plain GET form to /item-list?search_term= (it works before and without
 * JavaScript), which suggests titles, categories, subcategories and brands as one types. The suggestions
 * follow the WAI-ARIA combobox pattern with a listbox popup and list autocomplete: focus stays in the field
 * and aria-activedescendant names the highlighted option; Down and Up open the list and move through it
 * (wrapping), Enter opens the highlighted suggestion or else searches what was typed, Escape closes the list
 * and then clears the field; a pointer can choose too.
 */
export function SearchBox({
  autoFocus = false,
  onDone,
  onEscapeEmpty,
}: {
  autoFocus?: boolean;
  /** After a search or a chosen suggestion (the phone row closes). */
  onDone?: () => void;
  /** Escape in an empty field with no list open (the phone row closes). */
  onEscapeEmpty?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [text, setText] = useTextFromLocation();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(text, i18n.language);
  const expanded = open && suggestions.length > 0;

  // A new list highlights nothing: Enter searches what was typed until Down or Up picks a suggestion.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list changing is the trigger.
  useEffect(() => setActive(-1), [suggestions]);
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const go = (href: string, nextText: string) => {
    setOpen(false);
    setText(nextText);
    onDone?.();
    navigate(href);
  };
  const choose = (suggestion: SearchSuggestion) =>
    go(suggestionHref(suggestion), suggestion.kind === 'title' || suggestion.kind === 'brand' ? suggestion.text : '');

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else setActive((index) => (index + 1) % count);
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(count - 1);
        } else setActive((index) => (index <= 0 ? count - 1 : index - 1));
        return;
      case 'Enter': {
        const highlighted = expanded && active >= 0 ? suggestions[active] : undefined;
        if (highlighted) {
          event.preventDefault();
          choose(highlighted);
        }
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        } else onEscapeEmpty?.();
        return;
    }
  };

  return (
    <search className="relative block w-full">
      <form
        method="get"
        action="/item-list"
        onSubmit={(event) => {
          event.preventDefault();
          go(searchTermHref(text), text.trim());
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('searchBox.label')}
        </label>
        <div className="flex h-10 items-center rounded-full border border-slate-300 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-950">
          <input
            id={inputId}
            name="search_term"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={SEARCH_TERM_MAX_CHARACTERS}
            // The phone row opens on a press of its button: the field is what the person reached for.
            // biome-ignore lint/a11y/noAutofocus: only the phone row, opened on purpose, focuses its field.
            autoFocus={autoFocus}
            placeholder={t('searchBox.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            className="h-full min-w-0 flex-1 rounded-s-full bg-transparent ps-4 pe-2 text-sm text-slate-900 outline-none placeholder:text-slate-500 dark:text-slate-100 dark:placeholder:text-slate-400 [&::-webkit-search-cancel-button]:hidden"
          />
          <button
            type="submit"
            className="me-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-600 dark:hover:bg-brand-500"
            aria-label={t('searchBox.submit')}
          >
            <Search className="size-4" aria-hidden />
          </button>
        </div>
        <div
          id={listId}
          role="listbox"
          aria-label={t('searchBox.suggestions')}
          hidden={!expanded}
          // Pressing an option must not take focus from the field (its blur would close the list first).
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-2xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {expanded &&
            suggestions.map((suggestion, index) => {
              const Icon = KIND_ICONS[suggestion.kind];
              const kindLabel = KIND_LABELS[suggestion.kind];
              return (
                // Options are never focused: focus stays in the field, which handles the keys (aria-activedescendant).
                // biome-ignore lint/a11y/useKeyWithClickEvents: the field's Up, Down and Enter choose an option.
                // biome-ignore lint/a11y/useFocusableInteractive: an option of a combobox's listbox takes no focus.
                <div
                  key={`${suggestion.kind}:${suggestion.cat_id ?? ''}:${suggestion.sub_cat_id ?? ''}:${suggestion.text}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  data-kind={suggestion.kind}
                  onMouseMove={() => index !== active && setActive(index)}
                  onClick={() => choose(suggestion)}
                  className={`flex cursor-pointer items-center gap-2 px-4 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white' : 'text-slate-800 dark:text-slate-200'}`}
                >
                  <Icon className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
                  <span className="min-w-0 flex-1 truncate" dir="auto">
                    <Highlighted text={suggestion.text} typed={text.trim()} />
                  </span>
                  {kindLabel && (
                    <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                      {t(kindLabel)}
                    </span>
                  )}
                </div>
              );
            })}
        </div>
        <p role="status" className="sr-only">
          {expanded ? t('searchBox.available', { number: suggestions.length }) : ''}
        </p>
      </form>
    </search>
  );
}

/** The typed part of a suggestion in bold where a word of it starts with what was typed (any case). */
function Highlighted({ text, typed }: { text: string; typed: string }) {
  const lower = text.toLocaleLowerCase();
  // A letter whose lower case is longer (Turkish İ) would shift the bold part: leave such a text plain.
  const at = lower.length === text.length ? wordStartOf(lower, typed.toLocaleLowerCase()) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-bold">{text.slice(at, at + typed.length)}</strong>
      {text.slice(at + typed.length)}
    </>
  );
}

function wordStartOf(text: string, typed: string) {
  if (!typed) return -1;
  for (let at = text.indexOf(typed); at >= 0; at = text.indexOf(typed, at + 1)) {
    if (at === 0 || /\s/.test(text.charAt(at - 1))) return at;
  }
  return -1;
}

/** The field shows the search of the item list being viewed, and starts empty on other pages. */
function useTextFromLocation() {
  const { pathname, search } = useLocation();
  const fromLocation =
    pathname === '/item-list' || pathname.startsWith('/item-list/')
      ? (new URLSearchParams(search).get('search_term') ?? '')
      : '';
  const state = useState(fromLocation);
  const setText = state[1];
  useEffect(() => setText(fromLocation), [fromLocation]);
  return state;
}

/** Answers already fetched (per language and prefix): typing back and forth asks the server once. */
const answered = new Map<string, SearchSuggestion[]>();
const ANSWERS_KEPT = 50;

/**
 * Suggestions for what was typed: fetched a moment after the last key press, the request for an older text
 * aborted when a newer one starts. Fewer than two characters, or a failed request, suggest nothing (the box
 * still searches).
 */
function useSuggestions(text: string, language: string) {
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
      apiGet<{ suggestions: SearchSuggestion[] }>(
        '/api/v1/search/suggestions',
        { q: prefix, lang: language },
        { signal: controller.signal },
      )
        .then((data) => {
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

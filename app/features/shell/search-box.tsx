import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { SearchSuggestion } from '../../../contract/search.ts';
import { Search } from '../../components/ui/icons.tsx';
import { type SuggestionCombobox, useSuggestionCombobox } from './search-combobox.ts';
import { searchTermHref, suggestionHref } from './search-href.ts';
import { SuggestionList } from './search-suggestion-list.tsx';
import { useSuggestions } from './search-suggestions.ts';

/** The longest search term an item list takes (contract/search.ts SEARCH_TERM_MAX_LENGTH). */
const SEARCH_TERM_MAX_CHARACTERS = 100;

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
  const [text, setText] = useTextFromLocation();
  const suggestions = useSuggestions(text, i18n.language);

  const go = (href: string, nextText: string) => {
    setText(nextText);
    onDone?.();
    navigate(href);
  };
  const combobox = useSuggestionCombobox({
    baseId,
    suggestions,
    text,
    setText,
    onChoose: (suggestion) => go(suggestionHref(suggestion), textAfterChoosing(suggestion)),
    onEscapeEmpty,
  });

  return (
    <search className="relative block w-full">
      <form
        method="get"
        action="/item-list"
        onSubmit={(event) => {
          event.preventDefault();
          combobox.close();
          go(searchTermHref(text), text.trim());
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('searchBox.label')}
        </label>
        <SearchField id={inputId} text={text} combobox={combobox} autoFocus={autoFocus} />
        <SuggestionList combobox={combobox} suggestions={suggestions} typed={text.trim()} />
        <p role="status" className="sr-only">
          {combobox.expanded ? t('searchBox.available', { number: suggestions.length }) : ''}
        </p>
      </form>
    </search>
  );
}

/** The field keeps a searched title or brand; a chosen category or subcategory opens its list with it empty. */
const textAfterChoosing = (suggestion: SearchSuggestion) =>
  suggestion.kind === 'title' || suggestion.kind === 'brand' ? suggestion.text : '';

/** The combobox field and its submit button, in one rounded box. */
function SearchField({
  id,
  text,
  combobox,
  autoFocus,
}: {
  id: string;
  text: string;
  combobox: SuggestionCombobox;
  autoFocus: boolean;
}) {
  const { t } = useTranslation();
  const { expanded, active } = combobox;
  return (
    <div className="flex h-10 items-center rounded-full border border-slate-300 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/40 dark:border-slate-700 dark:bg-slate-950">
      <input
        id={id}
        name="search_term"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={combobox.listId}
        aria-activedescendant={expanded && active >= 0 ? combobox.optionId(active) : undefined}
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
        onChange={(event) => combobox.onType(event.target.value)}
        onKeyDown={combobox.onKeyDown}
        onBlur={combobox.close}
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
  );
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

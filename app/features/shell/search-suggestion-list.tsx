import { useTranslation } from 'react-i18next';
import type { SuggestionsProps } from './search-suggestion-options.tsx';

type Options = typeof import('./search-suggestion-options.tsx').SuggestionOptions;
let LoadedOptions: Options | undefined;

/**
 * The options' code, which the shell does not carry: useSuggestions fetches it with the first suggestions, so it
 * is there whenever the list has something to show.
 */
export function loadSuggestionOptions() {
  return import('./search-suggestion-options.tsx').then((module) => {
    LoadedOptions = module.SuggestionOptions;
  });
}

/** The search box's listbox popup: hidden until it opens; a pointer highlights and chooses options too. */
export function SuggestionList({ combobox, suggestions, typed }: SuggestionsProps) {
  const { t } = useTranslation();
  const { expanded } = combobox;
  return (
    <div
      id={combobox.listId}
      role="listbox"
      aria-label={t('searchBox.suggestions')}
      hidden={!expanded}
      // Pressing an option must not take focus from the field (its blur would close the list first).
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-2xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {expanded && LoadedOptions && <LoadedOptions combobox={combobox} suggestions={suggestions} typed={typed} />}
    </div>
  );
}

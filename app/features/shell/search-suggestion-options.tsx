import { useTranslation } from 'react-i18next';
import type { SearchSuggestion, SuggestionKind } from '../../../contract/search.ts';
import { type IconComponent, Search, Store, Tag } from '../../components/ui/icons.tsx';
import type { SuggestionCombobox } from './search-combobox.ts';
import { typedWordStart } from './search-highlight.ts';

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

/** What the listbox and its options are drawn from. */
export interface SuggestionsProps {
  combobox: SuggestionCombobox;
  suggestions: SearchSuggestion[];
  /** What was typed (trimmed), in bold in the suggestions. */
  typed: string;
}

/** The options of the search box's listbox (loaded with the first suggestions: search-suggestion-list.tsx). */
export function SuggestionOptions({ combobox, suggestions, typed }: SuggestionsProps) {
  const { t } = useTranslation();
  const { active } = combobox;
  return suggestions.map((suggestion, index) => {
    const Icon = KIND_ICONS[suggestion.kind];
    const kindLabel = KIND_LABELS[suggestion.kind];
    return (
      // Options are never focused: focus stays in the field, which handles the keys (aria-activedescendant).
      // biome-ignore lint/a11y/useKeyWithClickEvents: the field's Up, Down and Enter choose an option.
      // biome-ignore lint/a11y/useFocusableInteractive: an option of a combobox's listbox takes no focus.
      <div
        key={`${suggestion.kind}:${suggestion.cat_id ?? ''}:${suggestion.sub_cat_id ?? ''}:${suggestion.text}`}
        id={combobox.optionId(index)}
        role="option"
        aria-selected={index === active}
        data-kind={suggestion.kind}
        onMouseMove={() => index !== active && combobox.highlight(index)}
        onClick={() => combobox.choose(suggestion)}
        className={`flex cursor-pointer items-center gap-2 px-4 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-white' : 'text-slate-800 dark:text-slate-200'}`}
      >
        <Icon className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
        <span className="min-w-0 flex-1 truncate" dir="auto">
          <Highlighted text={suggestion.text} typed={typed} />
        </span>
        {kindLabel && (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-700 dark:text-slate-200">
            {t(kindLabel)}
          </span>
        )}
      </div>
    );
  });
}

/** The typed part of a suggestion in bold where a word of it starts with what was typed (any case). */
function Highlighted({ text, typed }: { text: string; typed: string }) {
  const at = typedWordStart(text, typed);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-bold">{text.slice(at, at + typed.length)}</strong>
      {text.slice(at + typed.length)}
    </>
  );
}

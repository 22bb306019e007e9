import { type KeyboardEvent, useEffect, useState } from 'react';
import type { SearchSuggestion } from '../../../contract/search.ts';
import { movedHighlight, type SuggestionKeyAction, suggestionKeyAction } from './search-keys.ts';

/**
 * The suggestion list of the search box as a WAI-ARIA combobox: whether it is open, which suggestion is
 * highlighted (focus stays in the field, aria-activedescendant names the option), and what the field's keys do.
 */
export function useSuggestionCombobox({
  baseId,
  suggestions,
  text,
  setText,
  onChoose,
  onEscapeEmpty,
}: {
  baseId: string;
  suggestions: SearchSuggestion[];
  text: string;
  setText: (text: string) => void;
  /** A suggestion was chosen (the list has closed). */
  onChoose: (suggestion: SearchSuggestion) => void;
  onEscapeEmpty?: () => void;
}) {
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && suggestions.length > 0;

  // A new list highlights nothing: Enter searches what was typed until Down or Up picks a suggestion.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list changing is the trigger.
  useEffect(() => setActive(-1), [suggestions]);
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (suggestion: SearchSuggestion) => {
    setOpen(false);
    onChoose(suggestion);
  };

  const apply = (action: SuggestionKeyAction) => {
    switch (action.kind) {
      case 'open':
        setOpen(true);
        setActive(action.highlight);
        return;
      case 'move':
        setActive((index) => movedHighlight(index, suggestions.length, action.direction));
        return;
      case 'choose': {
        const suggestion = suggestions[action.index];
        if (suggestion) choose(suggestion);
        return;
      }
      case 'close':
        setOpen(false);
        setActive(-1);
        return;
      case 'clear':
        setText('');
        return;
      case 'escapeEmpty':
        onEscapeEmpty?.();
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const list = { count: suggestions.length, expanded, active, hasText: text !== '' };
    const action = suggestionKeyAction(event.key, event.altKey, list);
    if (!action) return;
    if (action.kind !== 'escapeEmpty') event.preventDefault();
    apply(action);
  };

  return {
    listId,
    optionId,
    expanded,
    active,
    /** The option under the pointer is highlighted, as Down and Up would. */
    highlight: setActive,
    choose,
    close: () => setOpen(false),
    onKeyDown,
    /** Typing opens the list (once there are suggestions). */
    onType: (typed: string) => {
      setText(typed);
      setOpen(true);
    },
  };
}

export type SuggestionCombobox = ReturnType<typeof useSuggestionCombobox>;

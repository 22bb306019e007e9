/** What the search box's suggestion list looks like when a key is pressed in the field. */
export interface SuggestionListState {
  /** How many suggestions there are (the list may be closed). */
  count: number;
  /** Whether the list is open and shows them. */
  expanded: boolean;
  /** The highlighted suggestion, or -1. */
  active: number;
  /** Whether the field holds any text. */
  hasText: boolean;
}

/**
 * What a key does in the search box (the WAI-ARIA combobox pattern with list autocomplete). Every action but
 * `escapeEmpty` is the box's own, so the browser's default is prevented; no action leaves the key to the browser.
 */
export type SuggestionKeyAction =
  | { kind: 'open'; highlight: number }
  | { kind: 'move'; direction: 1 | -1 }
  | { kind: 'choose'; index: number }
  | { kind: 'close' }
  | { kind: 'clear' }
  | { kind: 'escapeEmpty' };

/**
 * Down and Up open the list (Alt+Down without highlighting) and move through it, wrapping; Enter chooses the
 * highlighted suggestion (else the form searches what was typed); Escape closes the list, then clears the field,
 * then, in an empty field, tells the box's owner.
 */
export function suggestionKeyAction(
  key: string,
  altKey: boolean,
  list: SuggestionListState,
): SuggestionKeyAction | null {
  switch (key) {
    case 'ArrowDown':
      return arrowAction(list, 1, altKey ? -1 : 0);
    case 'ArrowUp':
      return arrowAction(list, -1, list.count - 1);
    case 'Enter':
      return list.expanded && list.active >= 0 && list.active < list.count
        ? { kind: 'choose', index: list.active }
        : null;
    case 'Escape':
      return escapeAction(list);
    default:
      return null;
  }
}

function arrowAction(
  list: SuggestionListState,
  direction: 1 | -1,
  highlightOnOpen: number,
): SuggestionKeyAction | null {
  if (list.count === 0) return null;
  return list.expanded ? { kind: 'move', direction } : { kind: 'open', highlight: highlightOnOpen };
}

function escapeAction(list: SuggestionListState): SuggestionKeyAction {
  if (list.expanded) return { kind: 'close' };
  return list.hasText ? { kind: 'clear' } : { kind: 'escapeEmpty' };
}

/** The suggestion highlighted after moving from `index` (-1: none), wrapping at both ends. */
export function movedHighlight(index: number, count: number, direction: 1 | -1) {
  if (direction === 1) return (index + 1) % count;
  return index <= 0 ? count - 1 : index - 1;
}

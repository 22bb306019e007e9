import { describe, expect, it } from 'vitest';
import { movedHighlight, type SuggestionListState, suggestionKeyAction } from './search-keys.ts';

const closed: SuggestionListState = { count: 3, expanded: false, active: -1, hasText: true };
const open: SuggestionListState = { count: 3, expanded: true, active: 1, hasText: true };
const none: SuggestionListState = { count: 0, expanded: false, active: -1, hasText: true };

describe('the keys of the header search box', () => {
  it('opens the list with Down on the first suggestion (Alt+Down on none) and with Up on the last', () => {
    expect(suggestionKeyAction('ArrowDown', false, closed)).toEqual({ kind: 'open', highlight: 0 });
    expect(suggestionKeyAction('ArrowDown', true, closed)).toEqual({ kind: 'open', highlight: -1 });
    expect(suggestionKeyAction('ArrowUp', false, closed)).toEqual({ kind: 'open', highlight: 2 });
  });

  it('moves through an open list; with no suggestions the arrows are the browser’s', () => {
    expect(suggestionKeyAction('ArrowDown', false, open)).toEqual({ kind: 'move', direction: 1 });
    expect(suggestionKeyAction('ArrowUp', false, open)).toEqual({ kind: 'move', direction: -1 });
    expect(suggestionKeyAction('ArrowDown', false, none)).toBeNull();
    expect(suggestionKeyAction('ArrowUp', false, none)).toBeNull();
  });

  it('chooses the highlighted suggestion with Enter; otherwise Enter submits the form', () => {
    expect(suggestionKeyAction('Enter', false, open)).toEqual({ kind: 'choose', index: 1 });
    expect(suggestionKeyAction('Enter', false, { ...open, active: -1 })).toBeNull();
    expect(suggestionKeyAction('Enter', false, { ...closed, active: 1 })).toBeNull();
    expect(suggestionKeyAction('Enter', false, { ...open, active: 3 })).toBeNull();
  });

  it('closes the list with Escape, then clears the field, then hands Escape on', () => {
    expect(suggestionKeyAction('Escape', false, open)).toEqual({ kind: 'close' });
    expect(suggestionKeyAction('Escape', false, closed)).toEqual({ kind: 'clear' });
    expect(suggestionKeyAction('Escape', false, { ...closed, hasText: false })).toEqual({ kind: 'escapeEmpty' });
  });

  it('leaves other keys alone', () => {
    expect(suggestionKeyAction('a', false, open)).toBeNull();
    expect(suggestionKeyAction('Tab', false, open)).toBeNull();
  });

  it('wraps the highlight at both ends', () => {
    expect(movedHighlight(-1, 3, 1)).toBe(0);
    expect(movedHighlight(1, 3, 1)).toBe(2);
    expect(movedHighlight(2, 3, 1)).toBe(0);
    expect(movedHighlight(-1, 3, -1)).toBe(2);
    expect(movedHighlight(0, 3, -1)).toBe(2);
    expect(movedHighlight(2, 3, -1)).toBe(1);
  });
});

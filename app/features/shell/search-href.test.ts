import { describe, expect, it } from 'vitest';
import { searchTermHref, suggestionHref } from './search-href.ts';

describe('where the header search box leads', () => {
  it('searches the typed text, trimmed; nothing typed opens the whole list', () => {
    expect(searchTermHref('  red bike ')).toBe('/item-list?search_term=red+bike');
    expect(searchTermHref('سيارة')).toBe(`/item-list?search_term=${encodeURIComponent('سيارة')}`);
    expect(searchTermHref('   ')).toBe('/item-list');
  });

  it('searches a chosen title or brand', () => {
    expect(suggestionHref({ kind: 'title', text: 'Toyota Camry' })).toBe('/item-list?search_term=Toyota+Camry');
    expect(suggestionHref({ kind: 'brand', text: 'Toyota' })).toBe('/item-list?search_term=Toyota');
  });

  it('opens a category or subcategory list with its ids and name, in the order of SPEC.md 2', () => {
    expect(suggestionHref({ kind: 'category', text: 'Vehicles', cat_id: 1 })).toBe(
      '/item-list?cat_id=1&cat_name=Vehicles',
    );
    expect(suggestionHref({ kind: 'subcategory', text: 'Toys', cat_id: 12, sub_cat_id: 74 })).toBe(
      '/item-list?cat_id=12&sub_cat_id=74&sub_cat_name=Toys',
    );
  });

  it('searches the text of a category suggestion that names no category', () => {
    expect(suggestionHref({ kind: 'category', text: 'Vehicles' })).toBe('/item-list?search_term=Vehicles');
  });
});

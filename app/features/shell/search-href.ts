import type { SearchSuggestion } from '../../../contract/search.ts';

/**
 * Where the header's search box leads: the item list with only the non-empty filters, in the order SPEC.md 2
 * names them (search_term, cat_id, cat_name, sub_cat_id, sub_cat_name). Built here rather than with
 * contract/search.ts itemListSearchParams, which sits beside the zod schemas: the header is on every page,
 * and a value import from that file would bring zod to all of them.
 */
function itemListHref(filters: Array<[string, string | number | undefined]>) {
  const params = new URLSearchParams();
  for (const [name, value] of filters) {
    if (value === undefined || value === '') continue;
    params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `/item-list?${query}` : '/item-list';
}

/** A typed search: the list of items matching it (all items when nothing was typed). */
export function searchTermHref(term: string) {
  return itemListHref([['search_term', term.trim()]]);
}

/** A chosen suggestion: a title or a brand is searched; a category or subcategory opens its filtered list. */
export function suggestionHref(suggestion: SearchSuggestion) {
  if (suggestion.kind === 'category' && suggestion.cat_id !== undefined) {
    return itemListHref([
      ['cat_id', suggestion.cat_id],
      ['cat_name', suggestion.text],
    ]);
  }
  if (suggestion.kind === 'subcategory' && suggestion.cat_id !== undefined && suggestion.sub_cat_id !== undefined) {
    return itemListHref([
      ['cat_id', suggestion.cat_id],
      ['sub_cat_id', suggestion.sub_cat_id],
      ['sub_cat_name', suggestion.text],
    ]);
  }
  return searchTermHref(suggestion.text);
}

import type { SearchPages } from '../../../contract/pages.ts';
import type { SearchService } from './service.ts';

/** What pages may ask of discovery: the same operations as the API. */
export function searchPageOperations(search: SearchService): SearchPages {
  return {
    items: (query, viewer, language) => search.list(query, viewer, language),
    fromFollowed: (viewer, page, language) => search.fromFollowed(viewer, page, language),
    suggest: (prefix, language) => search.suggest(prefix, language),
    activeItemCounts: () => search.activeItemCounts(),
  };
}

import type { SearchPages } from '../../../contract/pages.ts';
import type { SearchService } from './service.ts';

/** What pages may ask of discovery: the same operations as the API, with items as cards. */
export function searchPageOperations(search: SearchService): SearchPages {
  return {
    items: (query, viewer, language) => search.list({ ...query, view: 'card' }, viewer, language),
    rails: (requests, viewer, language) => search.rails(requests, viewer, language),
    fromFollowed: (viewer, page, language) => search.fromFollowed(viewer, { ...page, view: 'card' }, language),
    suggest: (prefix, language) => search.suggest(prefix, language),
    activeItemCounts: () => search.activeItemCounts(),
    listCollections: (language) => search.collections.shown(language),
    savedSearches: (viewer) => search.saved.list(viewer),
    runSavedSearch: (viewer, savedSearchId) => search.saved.markSeen(viewer, savedSearchId),
  };
}

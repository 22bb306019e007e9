/** Events of the search module (delivered after the write committed). */
export interface SavedSearchMatched {
  /** The owner of the saved search, to be told. */
  userId: string;
  savedSearchId: string;
  itemId: string;
  /** The name the owner gave the search (or the one made from its filters). */
  searchName: string;
}

declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /** A listing became public and matched a saved search: once per listing and search (saved-search-matching.ts). */
    'search.savedSearchMatched': SavedSearchMatched;
  }
}

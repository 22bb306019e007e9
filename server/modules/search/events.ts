/** A saved search a listing matched (saved-search-matching.ts). */
export interface SavedSearchMatch {
  /** The owner of the saved search, to be told. */
  userId: string;
  savedSearchId: string;
  /** The name the owner gave the search (or the one made from its filters). */
  searchName: string;
}

/** Events of the search module (delivered after the write committed). */
export interface SavedSearchesMatched {
  itemId: string;
  /** The searches the listing matched for the first time: each listing and search pair once. */
  matches: SavedSearchMatch[];
}

/** The event of one match, retired (see below). */
export interface SavedSearchMatched extends SavedSearchMatch {
  itemId: string;
}

declare module '../../kernel/events.ts' {
  interface DomainEvents {
    /**
     * Retired: the event of one match, published until 'search.savedSearchesMatched' took its place. Nothing
     * publishes it; its follow-ups still queued in a database that ran that version run as before.
     */
    'search.savedSearchMatched': SavedSearchMatched;
    /**
     * A listing became public and matched saved searches: one event (one follow-up job) for all of them, so
     * matching stays a small share of the listing's own write however many searches it matches.
     */
    'search.savedSearchesMatched': SavedSearchesMatched;
  }
}

// The limits and addresses of saved searches without schemas: pages and their buttons load these, so they must
// not bring zod along. contract/saved-searches.ts re-exports them with the schemas.

/** How many searches one account may keep (issue 22 point 5): past it, a clear refusal. */
export const MAX_SAVED_SEARCHES = 30;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;
/** Saved searches one account may create in an hour, and one address (several accounts behind it). */
export const SAVED_SEARCHES_PER_HOUR_PER_ACCOUNT = 20;
export const SAVED_SEARCHES_PER_HOUR_PER_ADDRESS = 60;
/** The page that lists them. */
export const SAVED_SEARCHES_PATH = '/saved-searches';
/** Running one: its matches become seen, then the item list with its filters. */
export const savedSearchRunPath = (id: string) => `${SAVED_SEARCHES_PATH}/${encodeURIComponent(id)}/run`;

import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { runSavedSearch } from '../../features/items/search/saved-searches.server.ts';
import type { Route } from './+types/saved-search-run';

/** Runs a saved search: its new ads are seen, then the item list shows them with its filters. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return runSavedSearch(context, requireSignedIn(context, 'saved-searches'), params.savedSearchId);
}

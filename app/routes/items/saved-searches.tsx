import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { SavedSearchList } from '../../features/items/search/saved-search-list.tsx';
import { loadSavedSearches } from '../../features/items/search/saved-searches.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/saved-searches';

/** The signed-in person's saved searches (issue 22 point 5); a visitor is sent to login and back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSavedSearches(request, context, requireSignedIn(context, 'saved-searches'));
}

export const handle = { i18n: ['items', 'search'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'savedSearch.metaTitle', description: 'savedSearch.metaDescription' });

export default function SavedSearches({ loaderData }: Route.ComponentProps) {
  return (
    <SavedSearchList searches={loaderData.saved.items} options={loaderData.options} language={loaderData.language} />
  );
}

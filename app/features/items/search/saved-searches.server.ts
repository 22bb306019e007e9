import { data, redirect } from 'react-router';
import { type AppContext, appContext } from '#app-context';
import type { Viewer } from '../../../../contract/session.ts';
import { pageLanguage } from '../../../lib/cookies.server.ts';
import { listOptions } from './item-list.server.ts';

type RouterContext = { get(key: typeof appContext): AppContext };

/** /saved-searches: the signed-in person's searches and the names of the filters in the page's language. */
export async function loadSavedSearches(request: Request, context: RouterContext, viewer: Viewer) {
  const { services } = context.get(appContext);
  const language = await pageLanguage(request);
  const [saved, entryOptions] = await Promise.all([
    services.search.savedSearches(viewer),
    services.items.filterOptions(language),
  ]);
  return { saved, options: listOptions(entryOptions, []), language };
}

/** Runs a saved search: its matches become seen, then the item list with its filters (404 when not theirs). */
export async function runSavedSearch(context: RouterContext, viewer: Viewer, savedSearchId: string) {
  const { services } = context.get(appContext);
  try {
    const saved = await services.search.runSavedSearch(viewer, savedSearchId);
    return redirect(saved.list_path);
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

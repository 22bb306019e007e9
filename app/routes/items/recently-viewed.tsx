import { data } from 'react-router';
import { appContext } from '#app-context';
import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { RecentlyViewedPage } from '../../features/items/lists/recently-viewed.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { formFailure, formFields } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/recently-viewed';

/**
 * The last 30 listings the person opened (issue 22): a signed-in person's from the server, rendered here; a
 * visitor's are ids in their browser, so the page asks the API for their cards once it runs there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(appContext);
  const language = await pageLanguage(request);
  const items = viewer ? await services.items.recentlyViewed(viewer, language) : [];
  return { signedIn: viewer !== null, items, language };
}

/** Clears a signed-in person's list (the browser's own list is cleared by the page itself). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireSignedIn(context, 'recently-viewed');
  const { services } = context.get(appContext);
  const form = await formFields(request);
  if (form.intent !== 'clear') return formFailure({}, 400, 'errors.invalidRequest');
  await services.items.clearRecentlyViewed(viewer);
  return data({ ok: true as const });
}

export const handle = { i18n: ['items'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.recentlyViewedTitle', description: 'meta.recentlyViewedDescription' });

export default function RecentlyViewed({ loaderData, actionData }: Route.ComponentProps) {
  return <RecentlyViewedPage {...loaderData} cleared={Boolean(actionData?.ok)} />;
}

import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { loadMyItems } from '../../features/items/lists/my-items.server.ts';
import { MyItemsPage } from '../../features/items/lists/my-items.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/active-items';

/** The signed-in seller's active items (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context, 'active-items');
  return loadMyItems(request, context, viewer, 'active');
}

export const handle = { i18n: ['items'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.activeItemsTitle', description: 'meta.activeItemsDescription' });

export default function ActiveItems({ loaderData }: Route.ComponentProps) {
  return <MyItemsPage list="active" firstPage={loaderData.firstPage} language={loaderData.language} />;
}

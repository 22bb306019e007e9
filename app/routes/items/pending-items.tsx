import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { loadMyItems } from '../../features/items/lists/my-items.server.ts';
import { MyItemsPage } from '../../features/items/lists/my-items.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/pending-items';

/** The signed-in seller's pending items (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context, 'pending-items');
  return loadMyItems(request, context, viewer, 'pending');
}

export const handle = { i18n: ['items'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.pendingItemsTitle', description: 'meta.pendingItemsDescription' });

export default function PendingItems({ loaderData }: Route.ComponentProps) {
  return <MyItemsPage list="pending" firstPage={loaderData.firstPage} language={loaderData.language} />;
}

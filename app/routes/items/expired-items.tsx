import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { loadMyItems } from '../../features/items/lists/my-items.server.ts';
import { MyItemsPage } from '../../features/items/lists/my-items.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/expired-items';

/** The signed-in seller’s expired items, each with Renew (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context, 'expired-items');
  return loadMyItems(request, context, viewer, 'expired');
}

export const handle = { i18n: ['items'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.expiredItemsTitle', description: 'meta.expiredItemsDescription' });

export default function ExpiredItems({ loaderData }: Route.ComponentProps) {
  return <MyItemsPage list="expired" firstPage={loaderData.firstPage} language={loaderData.language} />;
}

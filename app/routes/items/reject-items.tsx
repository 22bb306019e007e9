import { requireSignedIn } from '../../features/accounts/account.server.ts';
import { loadMyItems } from '../../features/items/lists/my-items.server.ts';
import { MyItemsPage } from '../../features/items/lists/my-items.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/reject-items';

/** The signed-in seller's rejected items (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context, 'reject-items');
  return loadMyItems(request, context, viewer, 'rejected');
}

export const handle = { i18n: ['items'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.rejectItemsTitle', description: 'meta.rejectItemsDescription' });

export default function RejectItems({ loaderData }: Route.ComponentProps) {
  return <MyItemsPage list="rejected" firstPage={loaderData.firstPage} language={loaderData.language} />;
}

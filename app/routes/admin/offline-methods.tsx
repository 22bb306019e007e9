import { appContext } from '#app-context';
import { MoneyTabs } from '../../features/console/money-tabs.tsx';
import { OfflineMethodList } from '../../features/console/offline-method-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/offline-methods';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  return { methods: await context.get(appContext).services.payments.consoleOfflineMethods(viewer) };
}

export const handle = { i18n: ['console'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleOfflineMethodsTitle', description: 'meta.consoleDescription' });

export default function ConsoleOfflineMethods({ loaderData }: Route.ComponentProps) {
  return <OfflineMethodList methods={loaderData.methods} tabs={<MoneyTabs />} />;
}

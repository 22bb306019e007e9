import { appContext } from '#app-context';
import { DashboardView } from '../../features/console/dashboard-view.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  return { dashboard: await context.get(appContext).services.console.dashboard(viewer) };
}

export const handle = { i18n: ['console'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleTitle', description: 'meta.consoleDescription' });

export default function ConsoleDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardView dashboard={loaderData.dashboard} />;
}

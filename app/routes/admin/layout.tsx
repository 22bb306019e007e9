import { isRouteErrorResponse, Outlet } from 'react-router';
import { NotFound } from '../../components/ui/not-found.tsx';
import { ConsoleForbidden } from '../../features/console/console-forbidden.tsx';
import { ConsoleNav } from '../../features/console/console-nav.tsx';
import { LoadFailure } from '../../features/shell/chunk-load.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import type { Route } from './+types/layout';

/** Every console page: administrators only (visitors sign in first, members get 403), under one navigation. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

export const handle = { i18n: ['console'] } satisfies PageHandle;

export default function ConsoleLayout() {
  return (
    <div data-testid="console">
      <ConsoleNav />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <ConsoleForbidden />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (typeof document !== 'undefined') console.error(error);
  return <LoadFailure reason="generic" />;
}

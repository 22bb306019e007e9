import { appContext } from '#app-context';
import { type AuditFilter, auditQuerySchema } from '../../../contract/console.ts';
import { AuditLog } from '../../features/console/audit-log.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/audit';

/** The audit log, narrowed by the search's fields (empty ones, or malformed ones, narrow nothing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const filter = filterOf(new URL(request.url).searchParams);
  const firstPage = await context.get(appContext).services.console.auditLog(viewer, filter, { limit: 30, offset: 0 });
  return { firstPage, filter, language: await pageLanguage(request) };
}

function filterOf(params: URLSearchParams): AuditFilter {
  const given = Object.fromEntries([...params].filter(([, value]) => value.trim() !== ''));
  const parsed = auditQuerySchema.safeParse(given);
  if (!parsed.success) return {};
  const { subject_type, subject_id, actor_id, action, from, through } = parsed.data;
  return Object.fromEntries(
    Object.entries({ subject_type, subject_id, actor_id, action, from, through }).filter(([, value]) => value),
  ) as AuditFilter;
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleAuditTitle', description: 'meta.consoleDescription' });

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  return <AuditLog firstPage={loaderData.firstPage} filter={loaderData.filter} language={loaderData.language} />;
}

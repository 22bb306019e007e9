import { appContext } from '#app-context';
import { accountSearchSchema } from '../../../contract/console.ts';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { AccountList } from '../../features/console/account-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/users';

/** Accounts, found by what the operator typed (a bad query is read as no query). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = accountSearchSchema.safeParse(params);
  const q = parsed.success ? (parsed.data.q ?? '') : '';
  const firstPage = await context
    .get(appContext)
    .services.console.searchAccounts(viewer, { q }, { limit: PAGE_SIZE.items, offset: 0 });
  return { firstPage, q, language: await pageLanguage(request) };
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleUsersTitle', description: 'meta.consoleDescription' });

export default function ConsoleUsers({ loaderData }: Route.ComponentProps) {
  return <AccountList firstPage={loaderData.firstPage} q={loaderData.q} language={loaderData.language} />;
}

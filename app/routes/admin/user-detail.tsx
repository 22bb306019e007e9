import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { isAppError } from '../../../contract/errors.ts';
import { CONSOLE_ACCOUNT_ACTIONS, type ConsoleAccountAction } from '../../../contract/pages.ts';
import { type AccountActionFailure, AccountDetail } from '../../features/console/account-detail.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/user-detail';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  try {
    const language = await pageLanguage(request);
    const detail = await context.get(appContext).services.console.account(viewer, params.userId, language);
    return { detail, isSelf: viewer.userId === params.userId, language };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Ban, unban, verify or sign out everywhere; back to the account with a notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const form = await request.formData();
  const action = String(form.get('action') ?? '');
  if (!isAccountAction(action))
    return data<AccountActionFailure>({ ok: false, formError: 'errors.invalidRequest' }, 400);
  return withRefusals(async () => {
    await context.get(appContext).services.console.decideOnAccount(viewer, params.userId, action);
    return redirect(`/admin/users/${encodeURIComponent(params.userId)}`, {
      headers: { 'Set-Cookie': await flashCookie(context, `console.users.done.${action}`) },
    });
  });
}

const isAccountAction = (value: string): value is ConsoleAccountAction =>
  (CONSOLE_ACCOUNT_ACTIONS as readonly string[]).includes(value);

export const handle = { i18n: ['console', 'items', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleUsersTitle', description: 'meta.consoleDescription' });

export default function ConsoleUserDetail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountDetail
      detail={loaderData.detail}
      isSelf={loaderData.isSelf}
      language={loaderData.language}
      failure={actionData as AccountActionFailure | undefined}
    />
  );
}

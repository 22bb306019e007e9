import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { applicationDecisionSchema, BADGE_KINDS, type BadgeKind } from '../../../contract/applications.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { type ApplicationFailure, ApplicationList } from '../../features/console/application-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/applications';

const kindOf = (request: Request): BadgeKind => {
  const asked = new URL(request.url).searchParams.get('kind');
  return BADGE_KINDS.find((kind) => kind === asked) ?? 'blue_mark';
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const kind = kindOf(request);
  const firstPage = await context
    .get(appContext)
    .services.console.pendingApplications(viewer, kind, { limit: PAGE_SIZE.lookups, offset: 0 });
  return { kind, firstPage, language: await pageLanguage(request) };
}

/** Approve, or refuse with a reason; back to the same kind with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const kind = kindOf(request);
  const form = await formFields(request);
  const applicationId = serialIdSchema.safeParse(form.application_id);
  const decision = applicationDecisionSchema.safeParse(form);
  if (!applicationId.success)
    return data<ApplicationFailure>({ ok: false, errors: {}, formError: 'errors.invalidRequest' }, 400);
  if (!decision.success) {
    const errors = fieldErrors(decision.error);
    const formError = errors.reason ? 'console.applications.reasonRequired' : 'errors.invalidRequest';
    return data<ApplicationFailure>({ ok: false, errors, formError, applicationId: applicationId.data }, 400);
  }
  const result = await withRefusals(async () => {
    await context.get(appContext).services.console.decideApplication(viewer, kind, applicationId.data, decision.data);
    return redirect(`/admin/applications?kind=${kind}`, {
      headers: { 'Set-Cookie': await flashCookie(context, `console.applications.done.${decision.data.decision}`) },
    });
  });
  if (result instanceof Response) return result;
  return data<ApplicationFailure>({ ...result.data, applicationId: applicationId.data }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleApplicationsTitle', description: 'meta.consoleDescription' });

export default function ConsoleApplications({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ApplicationList
      kind={loaderData.kind}
      firstPage={loaderData.firstPage}
      language={loaderData.language}
      failure={actionData as ApplicationFailure | undefined}
    />
  );
}

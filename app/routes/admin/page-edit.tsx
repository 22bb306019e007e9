import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { pageEditSchema } from '../../../contract/console-content.ts';
import { EDITABLE_PAGE_KINDS } from '../../../contract/console-content-basics.ts';
import { editedLanguage } from '../../features/console/language-tabs.tsx';
import { PageForm } from '../../features/console/page-form.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/page-edit';

function kindOf(params: Route.LoaderArgs['params']) {
  const kind = EDITABLE_PAGE_KINDS.find((each) => each === params.kind);
  if (!kind) throw data(null, { status: 404 });
  return kind;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const language = editedLanguage(new URL(request.url), await pageLanguage(request));
  return { page: await context.get(appContext).services.console.contentPage(viewer, kindOf(params)), language };
}

/** Saves the page's text in one language; back to it with a notice, or the refused fields. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const kind = kindOf(params);
  const form = await formFields(request);
  const values = { title: String(form.title ?? ''), body: String(form.body ?? '') };
  const parsed = pageEditSchema.safeParse(form);
  if (!parsed.success) return data<FormResult>({ ok: false, errors: fieldErrors(parsed.error), values }, 400);
  const result = await withRefusals(async () => {
    await context.get(appContext).services.console.saveContentPage(viewer, kind, parsed.data);
    return redirect(`/admin/content/pages/${kind}?language=${parsed.data.language}`, {
      headers: { 'Set-Cookie': await flashCookie(context, 'console.page.saved') },
    });
  });
  if (result instanceof Response) return result;
  return data<FormResult>({ ...result.data, values }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleContentTitle', description: 'meta.consoleDescription' });

export default function ConsolePageEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageForm
      key={`${loaderData.page.kind}-${loaderData.language}`}
      page={loaderData.page}
      language={loaderData.language}
      failure={actionData as FormResult | undefined}
    />
  );
}

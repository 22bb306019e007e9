import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { localizedInput } from '../../../contract/console.ts';
import { isAppError } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { offlineMethodEditSchema } from '../../../contract/payment-catalog.ts';
import { OfflineMethodForm } from '../../features/console/offline-method-form.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/offline-method-edit';

/** "new", or the id of an existing method; anything else is not found. */
function methodIdOf(params: Route.LoaderArgs['params']) {
  if (params.methodId === 'new') return null;
  const parsed = serialIdSchema.safeParse(params.methodId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const methodId = methodIdOf(params);
  if (methodId === null) return { method: null };
  try {
    return { method: await context.get(appContext).services.payments.consoleOfflineMethod(viewer, methodId) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Adds or saves the method; back to the list with a notice, or the refused fields as sent. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const methodId = methodIdOf(params);
  const form = await formFields(request);
  const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
  const parsed = offlineMethodEditSchema.safeParse(localizedInput(localizedInput(values, 'titles'), 'descriptions'));
  if (!parsed.success) return data<FormResult>({ ok: false, errors: fieldErrors(parsed.error), values }, 400);
  const result = await withRefusals(async () => {
    await context.get(appContext).services.payments.saveOfflineMethod(viewer, methodId, parsed.data);
    return redirect('/admin/payments/offline-methods', {
      headers: { 'Set-Cookie': await flashCookie(context, 'console.offlineMethods.saved') },
    });
  });
  if (result instanceof Response) return result;
  return data<FormResult>({ ...result.data, values }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleOfflineMethodsTitle', description: 'meta.consoleDescription' });

export default function ConsoleOfflineMethodEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OfflineMethodForm
      key={loaderData.method?.id ?? 'new'}
      method={loaderData.method}
      failure={actionData as FormResult | undefined}
    />
  );
}

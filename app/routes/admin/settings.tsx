import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { operatorSettingsSchema } from '../../../contract/console.ts';
import { SettingsForm } from '../../features/console/settings-form.tsx';
import { PaymentMethodStates } from '../../features/payments/payment-method-states.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/settings';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const { console, payments } = context.get(appContext).services;
  const [settings, methodStates] = await Promise.all([console.settings(viewer), payments.paymentMethodStates(viewer)]);
  return { settings, methodStates };
}

/** Saves every setting at once; refused values come back at their fields, with what was typed kept. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const form = await formFields(request);
  const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
  const parsed = operatorSettingsSchema.safeParse(form);
  if (!parsed.success) {
    return data<FormResult>({ ok: false, errors: fieldErrors(parsed.error), values }, { status: 400 });
  }
  const result = await withRefusals(async () => {
    await context.get(appContext).services.console.updateSettings(viewer, parsed.data);
    return redirect('/admin/settings', {
      headers: { 'Set-Cookie': await flashCookie(context, 'console.settings.saved') },
    });
  });
  if (result instanceof Response) return result;
  return data<FormResult>({ ...result.data, values }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms', 'payments'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleSettingsTitle', description: 'meta.consoleDescription' });

export default function ConsoleSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SettingsForm
      settings={loaderData.settings}
      failure={actionData as FormResult | undefined}
      methodStates={<PaymentMethodStates states={loaderData.methodStates} />}
    />
  );
}

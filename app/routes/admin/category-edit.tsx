import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { categoryEditSchema, localizedInput } from '../../../contract/console.ts';
import { isAppError } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { CategoryForm } from '../../features/console/category-form.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/category-edit';

function catIdOf(params: Route.LoaderArgs['params']) {
  const parsed = serialIdSchema.safeParse(params.catId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  try {
    return { category: await context.get(appContext).services.console.category(viewer, catIdOf(params)) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Saves the names, order and visibility; back to the list with a notice, or the refused fields. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const catId = catIdOf(params);
  const form = await formFields(request);
  const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
  const parsed = categoryEditSchema.safeParse(localizedInput(values, 'names'));
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message] as const).reverse(),
    );
    return data<FormResult>({ ok: false, errors: { ...fieldErrors(parsed.error), ...errors }, values }, 400);
  }
  const result = await withRefusals(async () => {
    await context.get(appContext).services.console.updateCategory(viewer, catId, parsed.data);
    return redirect('/admin/categories', {
      headers: { 'Set-Cookie': await flashCookie(context, 'console.categories.saved') },
    });
  });
  if (result instanceof Response) return result;
  return data<FormResult>({ ...result.data, values }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleCategoriesTitle', description: 'meta.consoleDescription' });

export default function ConsoleCategoryEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <CategoryForm category={loaderData.category} failure={actionData as FormResult | undefined} />;
}

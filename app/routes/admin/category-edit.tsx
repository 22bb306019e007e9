import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import {
  CATEGORY_PICTURE_SLOTS,
  categoryCreateSchema,
  categoryEditSchema,
  localizedInput,
} from '../../../contract/console.ts';
import { isAppError } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { CategoryForm, type CategoryFormResult } from '../../features/console/category-form.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/category-edit';

/** "new", or the id of an existing category; anything else is not found. */
function catIdOf(params: Route.LoaderArgs['params']) {
  if (params.catId === 'new') return null;
  const parsed = serialIdSchema.safeParse(params.catId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const catId = catIdOf(params);
  if (catId === null) return { category: null };
  try {
    return { category: await context.get(appContext).services.console.category(viewer, catId) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Saves (or adds) the category, or uploads or removes one of its pictures; back with a notice, or the refusal. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const catId = catIdOf(params);
  const { services, uploads } = context.get(appContext);
  const form = await formFields(request);
  const intent = String(form.intent ?? 'save');
  const back = async (path: string, notice: string) =>
    redirect(path, { headers: { 'Set-Cookie': await flashCookie(context, notice) } });
  if (intent === 'save') {
    const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
    const schema = catId === null ? categoryCreateSchema : categoryEditSchema;
    const parsed = schema.safeParse(localizedInput(values, 'names'));
    if (!parsed.success) {
      return data<CategoryFormResult>({ ok: false, errors: fieldErrors(parsed.error), values, intent }, 400);
    }
    const result = await withRefusals(async () => {
      if (catId !== null) {
        await services.console.updateCategory(viewer, catId, parsed.data);
        return back('/admin/categories', 'console.categories.saved');
      }
      const created = await services.console.createCategory(viewer, { is_vehicle: false, ...parsed.data });
      return back(`/admin/categories/${created.cat_id}`, 'console.categories.created');
    });
    if (result instanceof Response) return result;
    return data<CategoryFormResult>({ ...result.data, values, intent }, result.init ?? 400);
  }
  const slot = CATEGORY_PICTURE_SLOTS.find((name) => name === form.slot);
  if (catId === null || !slot) throw data(null, { status: 404 });
  const result = await withRefusals(async () => {
    if (intent === 'picture') {
      const picture = uploads.find((upload) => upload.field === 'file');
      await services.console.saveCategoryPicture(viewer, catId, slot, picture);
      return back(`/admin/categories/${catId}`, 'console.categories.pictureSaved');
    }
    if (intent === 'remove-picture') {
      await services.console.removeCategoryPicture(viewer, catId, slot);
      return back(`/admin/categories/${catId}`, 'console.categories.pictureRemoved');
    }
    return data<CategoryFormResult>({ ok: false, errors: {}, formError: 'errors.invalidRequest' }, 400);
  });
  if (result instanceof Response) return result;
  return data<CategoryFormResult>({ ...result.data, intent, slot }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleCategoriesTitle', description: 'meta.consoleDescription' });

export default function ConsoleCategoryEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <CategoryForm category={loaderData.category} failure={actionData as CategoryFormResult | undefined} />;
}

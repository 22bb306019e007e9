import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { bannerEditSchema } from '../../../contract/banners.ts';
import { localizedInput } from '../../../contract/console.ts';
import { isAppError } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { BannerForm } from '../../features/console/banner-form.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/banner-edit';

type Result = FormResult & { intent?: string };

/** "new", or the id of an existing banner; anything else is not found. */
function bannerIdOf(params: Route.LoaderArgs['params']) {
  if (params.bannerId === 'new') return null;
  const parsed = serialIdSchema.safeParse(params.bannerId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const bannerId = bannerIdOf(params);
  if (bannerId === null) return { banner: null };
  try {
    return { banner: await context.get(appContext).services.console.banner(viewer, bannerId) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Saves the banner (a new one with its picture), replaces its picture, or deletes it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const bannerId = bannerIdOf(params);
  const { services, uploads } = context.get(appContext);
  const form = await formFields(request);
  const intent = String(form.intent ?? '');
  const picture = uploads.find((upload) => upload.field === 'file');
  const back = async (path: string, notice: string) =>
    redirect(path, { headers: { 'Set-Cookie': await flashCookie(context, notice) } });
  if (intent === 'save') {
    const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
    const parsed = bannerEditSchema.safeParse(localizedInput(values, 'titles'));
    if (!parsed.success) return data<Result>({ ok: false, errors: fieldErrors(parsed.error), values, intent }, 400);
    const result = await withRefusals(async () => {
      const saved = await services.console.saveBanner(viewer, bannerId, parsed.data, picture);
      return back(`/admin/content/banners/${saved.id}`, 'console.banners.saved');
    });
    return result instanceof Response ? result : data<Result>({ ...result.data, values, intent }, result.init ?? 400);
  }
  if (bannerId === null) throw data(null, { status: 404 });
  const result = await withRefusals(async () => {
    if (intent === 'picture') {
      await services.console.replaceBannerPicture(viewer, bannerId, picture);
      return back(`/admin/content/banners/${bannerId}`, 'console.banners.pictureSaved');
    }
    if (intent === 'delete') {
      await services.console.deleteBanner(viewer, bannerId);
      return back('/admin/content', 'console.banners.deleted');
    }
    return data<Result>({ ok: false, errors: {}, formError: 'errors.invalidRequest' }, 400);
  });
  return result instanceof Response ? result : data<Result>({ ...result.data, intent }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleContentTitle', description: 'meta.consoleDescription' });

export default function ConsoleBannerEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BannerForm
      key={loaderData.banner?.id ?? 'new'}
      banner={loaderData.banner}
      failure={actionData as Result | undefined}
    />
  );
}

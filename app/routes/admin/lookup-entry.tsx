import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { localizedInput } from '../../../contract/console.ts';
import {
  type ConsoleListKind,
  consoleListKindSchema,
  isChildList,
  listEntryEditSchema,
} from '../../../contract/console-lists.ts';
import { isAppError } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import type { ConsolePages } from '../../../contract/pages.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { CategoryFormResult } from '../../features/console/category-pictures.tsx';
import { LookupEntryForm } from '../../features/console/lookup-entry-form.tsx';
import { listPath } from '../../features/console/lookup-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/lookup-entry';

/** The list, the entry ("new" is null) and, for a new entry of a child list, its parent; anything else is not found. */
function addressOf(request: Request, params: Route.LoaderArgs['params']) {
  const kind = consoleListKindSchema.safeParse(params.kind);
  if (!kind.success) throw data(null, { status: 404 });
  const id = params.entryId === 'new' ? null : serialIdSchema.safeParse(params.entryId);
  if (id && !id.success) throw data(null, { status: 404 });
  const parent = serialIdSchema.safeParse(new URL(request.url).searchParams.get('parent'));
  if (id === null && isChildList(kind.data) && !parent.success) throw data(null, { status: 404 });
  return { kind: kind.data, id: id ? id.data : null, parentId: parent.success ? parent.data : null };
}

const notFoundAs404 = (error: unknown): never => {
  if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
  throw error;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const { kind, id, parentId } = addressOf(request, params);
  const { services, mapTiles } = context.get(appContext);
  const entry = id === null ? null : await services.console.lookupEntry(viewer, kind, id).catch(notFoundAs404);
  const mapCenter = await mapCenterOf(services.console, viewer, kind, entry?.parent_id ?? parentId);
  return { kind, entry, parentId, tiles: mapTiles, mapCenter };
}

/** Where the map opens: the city of a township, or the site's default point. */
async function mapCenterOf(pages: ConsolePages, viewer: Viewer, kind: ConsoleListKind, parentId: number | null) {
  if (kind === 'townships' && parentId !== null) {
    const city = await pages.lookupEntry(viewer, 'cities', parentId).catch(notFoundAs404);
    if (city.lat !== null && city.lng !== null) return { lat: city.lat, lng: city.lng };
  }
  const settings = await pages.settings(viewer);
  return { lat: settings.lat, lng: settings.lng };
}

/** Adds or saves the entry, or changes a subcategory's photo; back with a notice, or the refusal. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const { kind, id, parentId } = addressOf(request, params);
  const form = await formFields(request);
  if (form.intent !== undefined) {
    if (kind !== 'subcategories' || id === null) throw data(null, { status: 404 });
    return photoAction(viewer, id, String(form.intent), context);
  }
  const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
  const schema = listEntryEditSchema(kind);
  const parsed = (id === null ? schema : schema.omit({ parent_id: true })).safeParse(localizedInput(values, 'names'));
  if (!parsed.success) return data<FormResult>({ ok: false, errors: fieldErrors(parsed.error), values }, 400);
  const result = await withRefusals(async () => {
    const saved = await context.get(appContext).services.console.saveLookupEntry(viewer, kind, id, parsed.data);
    return redirect(listPath(kind, saved.parent_id ?? parentId), {
      headers: { 'Set-Cookie': await flashCookie(context, 'console.lists.saved') },
    });
  });
  if (result instanceof Response) return result;
  return data<FormResult>({ ...result.data, values }, result.init ?? 400);
}

/** Uploads or removes a subcategory's photo, then shows the entry again with a notice. */
async function photoAction(viewer: Viewer, id: number, intent: string, context: Route.ActionArgs['context']) {
  const { services, uploads } = context.get(appContext);
  const result = await withRefusals(async () => {
    if (intent === 'picture') {
      await services.console.saveSubcategoryPhoto(
        viewer,
        id,
        uploads.find((upload) => upload.field === 'file'),
      );
    } else if (intent === 'remove-picture') {
      await services.console.removeSubcategoryPhoto(viewer, id);
    } else {
      return data<FormResult>({ ok: false, errors: {}, formError: 'errors.invalidRequest' }, 400);
    }
    const notice = intent === 'picture' ? 'console.categories.pictureSaved' : 'console.categories.pictureRemoved';
    return redirect(`/admin/categories/lists/subcategories/${id}`, {
      headers: { 'Set-Cookie': await flashCookie(context, notice) },
    });
  });
  if (result instanceof Response) return result;
  return data<CategoryFormResult>({ ...result.data, intent, slot: 'photo' }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleListsTitle', description: 'meta.consoleDescription' });

export default function ConsoleLookupEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, entry, parentId, tiles, mapCenter } = loaderData;
  return (
    <LookupEntryForm
      entry={entry}
      context={{ kind, parentId, tiles, mapCenter }}
      failure={actionData as CategoryFormResult | undefined}
    />
  );
}

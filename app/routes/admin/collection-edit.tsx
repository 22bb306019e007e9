import { data, redirect } from 'react-router';
import { type AppContext, appContext } from '#app-context';
import { collectionEditSchema, collectionItemSchema } from '../../../contract/collections.ts';
import { localizedInput } from '../../../contract/console.ts';
import { isAppError } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { CollectionForm, type CollectionFormResult } from '../../features/console/collection-form.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { type FieldErrors, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/collection-edit';

/** "new", or the id of an existing collection; anything else is not found. */
function collectionIdOf(params: Route.LoaderArgs['params']) {
  if (params.collectionId === 'new') return null;
  const parsed = serialIdSchema.safeParse(params.collectionId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const collectionId = collectionIdOf(params);
  if (collectionId === null) return { collection: null, listings: [] };
  const operations = context.get(appContext).services.console;
  try {
    const collection = await operations.collection(viewer, collectionId);
    const listings = await operations.listingCards(viewer, collection.item_ids, await pageLanguage(request));
    return { collection, listings };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

type Values = Record<string, string>;
type Operations = AppContext['services']['console'];
type Viewer = ReturnType<typeof requireAdmin>;

type Outcome = { to: string; notice: string } | { errors: FieldErrors };
type Handler = (operations: Operations, viewer: Viewer, collectionId: number, values: Values) => Promise<Outcome>;

/**
 * What each of the page's forms does: where to go next with which notice, or the fields' messages. Only saving
 * works on a new collection (its id is then 0, unused).
 */
const INTENTS: Record<string, Handler> = {
  save: async (operations, viewer, collectionId, values) => {
    const parsed = collectionEditSchema.safeParse(localizedInput(values, 'names'));
    if (!parsed.success) return { errors: fieldErrors(parsed.error) };
    const saved = await operations.saveCollection(viewer, collectionId || null, parsed.data);
    return { to: `/admin/content/collections/${saved.id}`, notice: 'console.collections.saved' };
  },
  add: async (operations, viewer, collectionId, values) => {
    const parsed = collectionItemSchema.safeParse(values);
    if (!parsed.success) return { errors: fieldErrors(parsed.error) };
    await operations.addToCollection(viewer, collectionId, parsed.data.item);
    return { to: `/admin/content/collections/${collectionId}`, notice: 'console.collections.added' };
  },
  remove: async (operations, viewer, collectionId, values) => {
    const parsed = collectionItemSchema.safeParse({ item: values.item_id ?? '' });
    if (!parsed.success) return { errors: fieldErrors(parsed.error) };
    await operations.removeFromCollection(viewer, collectionId, parsed.data.item);
    return { to: `/admin/content/collections/${collectionId}`, notice: 'console.collections.removed' };
  },
  delete: async (operations, viewer, collectionId) => {
    await operations.deleteCollection(viewer, collectionId);
    return { to: '/admin/content', notice: 'console.collections.deleted' };
  },
};

/** Saves the names, adds or takes out a listing, or deletes the collection; each back with a notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const collectionId = collectionIdOf(params);
  const operations = context.get(appContext).services.console;
  const form = await formFields(request);
  const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
  const intent = values.intent ?? '';
  const refused = (init: number, fields: Partial<CollectionFormResult>) =>
    data<CollectionFormResult>({ ok: false, errors: {}, ...fields, values, intent }, init);
  const handler = INTENTS[intent];
  if (!handler) return refused(400, { formError: 'errors.invalidRequest' });
  if (intent !== 'save' && collectionId === null) throw data(null, { status: 404 });
  const result = await withRefusals(() => handler(operations, viewer, collectionId ?? 0, values));
  if ('errors' in result) return refused(400, { errors: result.errors });
  if (!('to' in result)) return refused(result.init?.status ?? 400, result.data as Partial<CollectionFormResult>);
  return redirect(result.to, { headers: { 'Set-Cookie': await flashCookie(context, result.notice) } });
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleContentTitle', description: 'meta.consoleDescription' });

export default function ConsoleCollectionEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CollectionForm
      key={loaderData.collection?.id ?? 'new'}
      collection={loaderData.collection}
      listings={loaderData.listings}
      failure={actionData as CollectionFormResult | undefined}
    />
  );
}

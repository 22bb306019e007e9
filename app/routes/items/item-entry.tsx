import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { ITEM_STATUS, itemPath } from '../../../contract/item-basics.ts';
import { PackagePlus } from '../../components/ui/icons.tsx';
import { ItemEntryForm } from '../../features/items/entry/entry-form.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { redirectQueryFor } from '../../lib/redirect.ts';
import type { Route } from './+types/item-entry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in person, or a redirect to login that comes back here (SPEC.md 2 redirect rule). */
function signedIn(request: Request, context: Route.LoaderArgs['context']) {
  const viewer = context.get(appContext).viewer;
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(`/login${redirectQueryFor(url.pathname, url.search)}`);
  }
  return viewer;
}

/**
 * /item-entry posts a new item; /item-entry?item_id=<id> edits one of the viewer's own items (404 for any
 * other id: someone else's item is not theirs to edit, and its existence is not told).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = signedIn(request, context);
  const { services, mapTiles } = context.get(appContext);
  const language = await pageLanguage(request);
  const itemId = new URL(request.url).searchParams.get('item_id');
  const [options, item] = await Promise.all([
    services.items.entryOptions(language),
    itemId ? (UUID.test(itemId) ? services.items.get(itemId.toLowerCase(), viewer, language) : null) : null,
  ]);
  if (itemId && !item?.is_owner) throw data(null, { status: 404 });
  return { options, item, userId: viewer.userId, tiles: mapTiles };
}

/**
 * After the browser saved the item through the API (POST /api/v1/items or /items/:id), it posts here
 * (`intent=posted`): the notice for the item page (pending approval or live) is chosen from the stored
 * status, handed over as the one-time notice, and the browser goes to the item's page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = signedIn(request, context);
  const form = await request.formData();
  const itemId = String(form.get('item_id') ?? '');
  if (form.get('intent') !== 'posted' || !UUID.test(itemId)) throw data(null, { status: 400 });
  const item = await context.get(appContext).services.items.get(itemId, viewer, await pageLanguage(request));
  if (!item?.is_owner) throw data(null, { status: 404 });
  const pending = item.status === ITEM_STATUS.pending;
  const notice =
    form.get('mode') === 'update'
      ? pending
        ? 'itemEntry.savedPending'
        : 'itemEntry.saved'
      : pending
        ? 'itemEntry.postedPending'
        : 'itemEntry.posted';
  return redirect(itemPath(item), { headers: { 'Set-Cookie': await flashCookie(context, notice) } });
}

export const handle = { i18n: ['items', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.item ? 'meta.itemEditTitle' : 'meta.itemEntryTitle',
    description: 'meta.itemEntryDescription',
  });

export default function ItemEntry({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { options, item, userId, tiles } = loaderData;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8" aria-labelledby="entry-heading">
      <div className="flex items-start gap-3">
        <PackagePlus className="mt-1 size-8 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />
        <div>
          <h1 id="entry-heading" className="text-2xl font-bold">
            {item ? t('itemEntry.editHeading') : t('itemEntry.newHeading')}
          </h1>
          {item && (
            <p className="mt-1 font-semibold text-slate-700 dark:text-slate-300" dir="auto">
              {item.title}
            </p>
          )}
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('itemEntry.intro')}</p>
        </div>
      </div>
      {/* A new form per item (and per new post), so nothing of one is kept for another. */}
      <ItemEntryForm key={item?.id ?? 'new'} options={options} item={item} userId={userId} tiles={tiles} />
    </section>
  );
}

import { data } from 'react-router';
import { appContext } from '#app-context';
import { consoleListKindSchema, isChildList, listHasShipping } from '../../../contract/console-lists.ts';
import { isAppError } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { LookupList } from '../../features/console/lookup-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/lookup-list';

/** The console shows at most this many entries of a list (the service's own limit). */
const SHOWN = 1000;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const kind = consoleListKindSchema.safeParse(params.kind);
  if (!kind.success) throw data(null, { status: 404 });
  const parent = serialIdSchema.safeParse(new URL(request.url).searchParams.get('parent'));
  if (isChildList(kind.data) && !parent.success) throw data(null, { status: 404 });
  const pages = context.get(appContext).services.console;
  try {
    const list = await pages.lookupList(
      viewer,
      kind.data,
      parent.success ? parent.data : null,
      await pageLanguage(request),
    );
    // Shipping prices are in the site's currency.
    const currency = listHasShipping(kind.data) ? (await pages.settings(viewer)).default_currency_short_form : null;
    return { list, currency, truncatedAt: list.entries.length >= SHOWN ? SHOWN : null };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const handle = { i18n: ['console'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleListsTitle', description: 'meta.consoleDescription' });

export default function ConsoleLookupList({ loaderData }: Route.ComponentProps) {
  const { list, currency, truncatedAt } = loaderData;
  return <LookupList list={list} currency={currency} truncatedAt={truncatedAt} />;
}

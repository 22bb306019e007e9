import type { LanguageCode } from '../../../contract/language.ts';
import type { ItemListParam } from '../../../contract/search.ts';
import { loadItemList, withStatus } from '../../features/items/search/item-list.server.ts';
import { ItemListPage, listTitle } from '../../features/items/search/item-list-page.tsx';
import { listHeadTags } from '../../features/items/search/item-list-seo.ts';
import { listSeo } from '../../features/items/search/list-filters.ts';
import { i18nFor } from '../../i18n/i18n.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/item-list';

/**
 * The item list (/item-list and /item-list/{manufacturerName}, SPEC.md 2): every filter as a query parameter,
 * the first page of results rendered here, later pages from /api/v1/items. An unknown manufacturer is a 404;
 * filters that are not valid show their message (400), without searching.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const manufacturerName = 'manufacturerName' in params ? (params.manufacturerName as string) : undefined;
  return withStatus(await loadItemList(request, manufacturerName, context));
}

export const handle = { i18n: ['items', 'forms', 'search'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const language = (matches.find((match) => match?.id === 'root')?.loaderData as { language?: LanguageCode })?.language;
  if (!loaderData || !language) return [];
  const t = i18nFor(language).t;
  const title = listTitle(loaderData, t);
  // The address decides what is indexed; the location chosen on this device is not part of it.
  const addressed = Object.fromEntries(
    Object.entries(loaderData.values).filter(([param]) => !loaderData.defaulted.includes(param as ItemListParam)),
  );
  const { canonicalPath, noindex } = listSeo(loaderData.path, addressed);
  return [
    ...pageMeta(
      matches,
      { title: 'itemList.allItems', description: 'itemList.metaDescription' },
      {
        title,
        description: {
          what: listTitle({ ...loaderData, values: { ...loaderData.values, search_term: undefined } }, t),
        },
      },
    ),
    ...listHeadTags(`${loaderData.publicUrl}${canonicalPath}`, noindex || !loaderData.result),
  ];
};

export default function ItemList({ loaderData }: Route.ComponentProps) {
  return <ItemListPage view={loaderData} />;
}

import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { hydrateLater } from '../../../lib/hydrate-later.ts';
import { ActiveFilters } from './active-filters.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import type { ItemListData } from './item-list.server.ts';
import { ItemListJsonLd } from './item-list-json-ld.tsx';
import { ListResults } from './item-list-results.tsx';
import { listCrumbs, listTitle } from './list-title.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { useFilterPanel } from './use-list-links.ts';
import { useListPages } from './use-list-pages.ts';

// The route builds its <title> with the page's own words.
export { listTitle };

/** What the page shows: the loader's answer (item-list.server.ts). */
export type ItemListView = ItemListData;

const FilterColumn = hydrateLater(() => import('./filter-column.tsx').then((module) => module.FilterColumn));

/**
 * The filter panel beside the results (wide screens): the server draws it, and its code (the form, its fields,
 * their rules and the map dialog) loads while the page hydrates, so the page does not wait for it at start.
 * Memo, and nothing but the loader's data: the page renders again as it hydrates (the pages it kept), which must
 * not reach the panel before its code is there (React would then drop the server's panel and draw it anew).
 */
const LaterFilterColumn = memo(function LaterFilterColumn({ view }: { view: ItemListView }) {
  return (
    <Suspense fallback={<div className="hidden lg:block" />}>
      <FilterColumn view={view} />
    </Suspense>
  );
});

/** The item list (/item-list, /item-list/{manufacturerName}): filters, order, results as cards or on a map. */
export function ItemListPage({ view }: { view: ItemListView }) {
  const { t } = useTranslation();
  const { values, defaulted, path, manufacturer, result, options, publicUrl } = view;
  const { panel, hrefFor, forgetLocation } = useFilterPanel(view);
  const pages = useListPages(view);
  const title = listTitle(view, t);
  const crumbs = listCrumbs(view, t);
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-6">
      {result && (
        <ItemListJsonLd
          result={result}
          pageUrl={`${publicUrl}${hrefFor(values)}`}
          siteUrl={publicUrl}
          name={title}
          crumbs={crumbs}
        />
      )}
      <Breadcrumbs crumbs={crumbs} />
      {/* In the page's direction: the title is in its language, a typed term isolated within it (list-title.ts). */}
      <h1 className="mt-2 text-2xl leading-tight font-extrabold break-words sm:text-3xl" data-testid="item-list-title">
        {title}
      </h1>
      <div className="mt-4 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        <LaterFilterColumn view={view} />
        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            {t('itemList.resultsHeading')}
          </h2>
          <ListToolbar panel={panel} path={path} hrefFor={hrefFor} result={result} pages={pages} />
          <ActiveFilters
            values={values}
            defaulted={defaulted}
            options={options}
            manufacturer={manufacturer}
            hrefFor={hrefFor}
            onForgetLocation={forgetLocation}
          />
          <ListResults view={view} pages={pages} hrefFor={hrefFor} />
        </section>
      </div>
    </div>
  );
}

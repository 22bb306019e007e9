import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../../contract/language.ts';
import type { ItemCardSearchResult } from '../../../../contract/search.ts';
import { onDemand } from '../../../lib/optional-chunk.ts';
import { NoResult } from '../lists/item-grid.tsx';
import { EmptyActions } from './empty-actions.tsx';
import { DEFAULT_MAP_CENTER } from './filter-panel.ts';
import { FilterProblems } from './filter-problems.tsx';
import type { ItemListData } from './item-list.server.ts';
import { type FilterValues, sortOnly } from './list-filters.ts';
import { LoadMore } from './load-more.tsx';
import { ResultCards } from './result-cards.tsx';
import { ResultSummary } from './result-summary.tsx';
import { ResultsMapLoading } from './results-map-frame.tsx';
import type { ListPages } from './use-list-pages.ts';

// The map view's code loads when it is chosen (the page always starts with the cards).
const { Part: ResultsMap } = onDemand(() => import('./results-map.tsx').then((module) => module.ResultsMap));

type ResultsContext = Pick<ItemListData, 'values' | 'errors' | 'result' | 'options' | 'mapTiles'>;

interface ListResultsProps {
  view: ResultsContext;
  pages: ListPages;
  hrefFor: (values: FilterValues) => string;
}

/** The results: how many, as cards or on the map, and "Load more"; or why the filters found none. */
export function ListResults({ view, pages, hrefFor }: ListResultsProps) {
  const { i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  const { result, values } = view;
  if (!result) return <FilterProblems errors={view.errors} clearHref={hrefFor(sortOnly(values))} />;
  return (
    <>
      <ResultSummary result={result} values={values} hrefFor={hrefFor} language={language} />
      <ResultsBody view={view} result={result} pages={pages} hrefFor={hrefFor} />
      {pages.items.length > 0 && (
        <LoadMore
          shown={pages.items.length}
          total={result.total}
          hasMore={pages.hasMore}
          loading={pages.loading}
          error={pages.error?.text ?? null}
          onLoadMore={pages.loadMore}
          language={language}
        />
      )}
    </>
  );
}

/** Nothing found (with a better spelling, or a way to clear the filters), the map, or the cards. */
function ResultsBody({ view, result, pages, hrefFor }: ListResultsProps & { result: ItemCardSearchResult }) {
  if (pages.items.length === 0) {
    return (
      <NoResult>
        <EmptyActions result={result} values={view.values} hrefFor={hrefFor} />
      </NoResult>
    );
  }
  if (pages.view !== 'map') return <ResultCards items={pages.items} />;
  const circle = searchCircle(view.values);
  return (
    <Suspense fallback={<ResultsMapLoading />}>
      <ResultsMap
        items={pages.items}
        circle={circle}
        fallbackCenter={circle ?? cityCenter(view) ?? DEFAULT_MAP_CENTER}
        tiles={view.mapTiles}
      />
    </Suspense>
  );
}

/** The circle the list is searched in, drawn on the map of results. */
function searchCircle(values: FilterValues) {
  return values.lat !== undefined && values.lng !== undefined
    ? { lat: Number(values.lat), lng: Number(values.lng), miles: Number(values.mile ?? 8) }
    : null;
}

function cityCenter({ options, values }: ResultsContext) {
  const city = options.locations.find((entry) => String(entry.id) === values.item_location_id);
  return city ? { lat: city.lat, lng: city.lng } : undefined;
}

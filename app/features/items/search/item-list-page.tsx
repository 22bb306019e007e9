import * as Dialog from '@radix-ui/react-dialog';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher, useNavigate } from 'react-router';
import type { Item } from '../../../../contract/items.ts';
import type { LanguageCode } from '../../../../contract/language.ts';
import type { ItemSearchResult } from '../../../../contract/search.ts';
import { secondaryButtonClass } from '../../../components/ui/form-classes.ts';
import {
  ChevronLeft,
  ChevronRight,
  LayoutGrid,
  Loader2,
  MapIcon,
  SlidersHorizontal,
  X,
} from '../../../components/ui/icons.tsx';
import { translateKey } from '../../../i18n/i18n.ts';
import { isolate } from '../../../lib/bidi.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { useNonce } from '../../../lib/nonce.ts';
import { jsonLdText } from '../detail/item-json-ld.ts';
import { ItemCard } from '../item-card.tsx';
import { itemGridClass, NoResult } from '../lists/my-items.tsx';
import { ActiveFilters, formatNumber } from './active-filters.tsx';
import { DEFAULT_MAP_CENTER, FilterForm } from './filter-form.tsx';
import type { ItemListData, ListOption } from './item-list.server.ts';
import { type Crumb, itemListJsonLd } from './item-list-seo.ts';
import {
  activeChips,
  currentSort,
  type FilterValues,
  FORM_ERROR,
  ITEM_LIST_PATH,
  listHref,
  SORT_PARAMS,
  type SortChoice,
  sortChoices,
  sortOnly,
  withSort,
} from './list-filters.ts';
import { ResultsMap } from './results-map.tsx';
import { useItemPages } from './use-item-pages.ts';

/** What the page shows: the loader's answer (item-list.server.ts). */
export type ItemListView = ItemListData;

/** Cards in the first screen load at once; the rest when scrolled near. */
const EAGER_CARDS = 4;

const nameIn = (list: ListOption[], id: string | undefined) => list.find((entry) => String(entry.id) === id)?.name;

/** What the list holds, for its heading and title: a manufacturer (and model), a subcategory or category, a city. */
export function listSubject(view: Pick<ItemListView, 'values' | 'options' | 'manufacturer'>, t: TFunction): string {
  const { values, options, manufacturer } = view;
  const maker =
    nameIn(options.manufacturers, values.manufacturer_id) ??
    (manufacturer && String(manufacturer.id) === values.manufacturer_id ? manufacturer.name : values.manufacturer_name);
  const what =
    (maker && [maker, values.model_id ? values.model_name : undefined].filter(Boolean).join(' ')) ||
    nameIn(options.subcategories, values.sub_cat_id) ||
    values.sub_cat_name ||
    nameIn(options.categories, values.cat_id) ||
    values.cat_name ||
    t('itemList.allItems');
  const place = nameIn(options.locations, values.item_location_id) ?? values.item_location_name;
  return place ? t('itemList.subjectIn', { what, place }) : what;
}

/** The page title: the subject, or the words searched for in it. */
export function listTitle(view: Pick<ItemListView, 'values' | 'options' | 'manufacturer'>, t: TFunction): string {
  const subject = listSubject(view, t);
  return view.values.search_term
    ? // Isolated (FSI … PDI), so Arabic words keep their place inside an English title, and the reverse.
      t('itemList.searchTitle', { term: isolate(view.values.search_term), what: subject })
    : subject;
}

/** Home, all ads, the category, then the subcategory or the manufacturer. */
export function listCrumbs(
  view: Pick<ItemListView, 'values' | 'options' | 'manufacturer' | 'path'>,
  t: TFunction,
): Crumb[] {
  const { values, options, manufacturer, path } = view;
  const crumbs: Crumb[] = [
    { name: t('item.page.home'), path: '/' },
    { name: t('itemList.allItems'), path: ITEM_LIST_PATH },
  ];
  const category = nameIn(options.categories, values.cat_id) ?? values.cat_name;
  if (values.cat_id && category) crumbs.push({ name: category, path: listHref({ cat_id: values.cat_id }) });
  const subcategory = nameIn(options.subcategories, values.sub_cat_id) ?? values.sub_cat_name;
  if (values.cat_id && values.sub_cat_id && subcategory) {
    crumbs.push({ name: subcategory, path: listHref({ cat_id: values.cat_id, sub_cat_id: values.sub_cat_id }) });
  }
  if (manufacturer && path !== ITEM_LIST_PATH) crumbs.push({ name: manufacturer.name, path });
  return crumbs;
}

const noSubscription = () => () => {};
/** False on the server and while hydrating; true once the browser runs the page. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The item list (/item-list, /item-list/{manufacturerName}): filters, order, results as cards or on a map. */
export function ItemListPage({ view }: { view: ItemListView }) {
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const { values, defaulted, path, manufacturer, errors, result, options, publicUrl, mapTiles } = view;
  const language = i18n.language as LanguageCode;
  const fetcher = useFetcher();
  /** "All locations": the header's choice is forgotten on this device; the pages load again without it. */
  const forgetLocation = () => fetcher.submit({ choice: 'all' }, { method: 'post', action: '/chosen-location' });
  const hrefFor = (filters: FilterValues) => {
    const next = { ...filters };
    // The chosen location applies by itself: the address names a place only when another is chosen.
    for (const param of defaulted) if (next[param] === values[param]) delete next[param];
    if (manufacturer && path !== ITEM_LIST_PATH && next.manufacturer_id === String(manufacturer.id)) {
      const { manufacturer_id: _id, manufacturer_name: _name, ...rest } = next;
      return listHref(rest, path);
    }
    return listHref(next, ITEM_LIST_PATH);
  };
  const apiQuery = useMemo(() => {
    const query: Record<string, string> = { lang: view.language };
    for (const [name, value] of Object.entries(values)) if (value !== undefined) query[name] = value;
    return query;
  }, [values, view.language]);
  const pages = useItemPages(result, apiQuery);
  // Keyboard focus: after "Load more" it goes to the first new card, where reading goes on.
  const focusFrom = useRef<number | null>(null);
  const loadMore = () => {
    focusFrom.current = pages.items.length;
    void pages.loadMore();
  };
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || pages.items.length <= from) return;
    focusFrom.current = null;
    document.querySelector<HTMLElement>(`[data-testid="item-list-results"] > li:nth-child(${from + 1}) a`)?.focus();
  }, [pages.items]);
  const title = listTitle(view, t);
  const crumbs = listCrumbs(view, t);
  const chipCount = activeChips(values).length;
  const pageUrl = `${publicUrl}${hrefFor(values)}`;
  const panel = { values, defaulted, errors, options, manufacturer, mapTiles, onForgetLocation: forgetLocation };
  const city = options.locations.find((entry) => String(entry.id) === values.item_location_id);
  const circle =
    values.lat !== undefined && values.lng !== undefined
      ? { lat: Number(values.lat), lng: Number(values.lng), miles: Number(values.mile ?? 8) }
      : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-6">
      {result && (
        <script
          type="application/ld+json"
          nonce={nonce || undefined}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every < escaped (jsonLdText)
          dangerouslySetInnerHTML={{
            __html: jsonLdText(itemListJsonLd(result.items, { pageUrl, siteUrl: publicUrl, name: title, crumbs })),
          }}
        />
      )}
      <Breadcrumbs crumbs={crumbs} />
      <h1
        className="mt-2 text-2xl leading-tight font-extrabold break-words sm:text-3xl"
        dir="auto"
        data-testid="item-list-title"
      >
        {title}
      </h1>
      <div className="mt-4 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        <aside
          id="filters"
          aria-labelledby="filters-heading"
          className="hidden target:block lg:block"
          data-testid="filter-column"
        >
          <h2 id="filters-heading" className="mb-3 text-lg font-bold">
            {t('itemList.filters.heading')}
          </h2>
          <FilterForm idPrefix="side" data={panel} action={path} hrefFor={hrefFor} />
        </aside>
        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            {t('itemList.resultsHeading')}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <FilterSheet count={chipCount} panel={panel} path={path} hrefFor={hrefFor} />
            <SortControl values={values} path={path} hrefFor={hrefFor} />
            {result && result.items.length > 0 && <ViewToggle view={pages.view} onView={pages.setView} />}
          </div>
          <ActiveFilters
            values={values}
            defaulted={defaulted}
            options={options}
            manufacturer={manufacturer}
            hrefFor={hrefFor}
            onForgetLocation={forgetLocation}
          />
          {result ? (
            <ResultSummary result={result} values={values} hrefFor={hrefFor} language={language} />
          ) : (
            <FilterProblems errors={errors} clearHref={hrefFor(sortOnly(values))} />
          )}
          {result &&
            (pages.items.length === 0 ? (
              <NoResult>
                <EmptyActions result={result} values={values} hrefFor={hrefFor} />
              </NoResult>
            ) : pages.view === 'map' ? (
              <ResultsMap
                items={pages.items}
                circle={circle}
                fallbackCenter={circle ?? (city ? { lat: city.lat, lng: city.lng } : DEFAULT_MAP_CENTER)}
                tiles={mapTiles}
              />
            ) : (
              <ResultCards items={pages.items} />
            ))}
          {result && pages.items.length > 0 && (
            <LoadMore
              shown={pages.items.length}
              total={result.total}
              hasMore={pages.hasMore}
              loading={pages.loading}
              error={pages.error?.text ?? null}
              onLoadMore={loadMore}
              language={language}
            />
          )}
        </section>
      </div>
    </div>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t, i18n } = useTranslation();
  const Separator = i18n.dir() === 'rtl' ? ChevronLeft : ChevronRight;
  return (
    <nav aria-label={t('common.breadcrumb')} className="text-sm text-slate-600 dark:text-slate-400">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 && <Separator className="size-4" aria-hidden />}
              {last ? (
                <span aria-current="page" dir="auto">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className="hover:underline" dir="auto">
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Phones: "Filters" with the number of filters in force opens the panel as a sheet (a Radix dialog: focus
 * stays inside, Escape closes). Before the page runs (or without JavaScript) it is a link to the panel, which
 * then shows in the page (#filters).
 */
function FilterSheet({
  count,
  panel,
  path,
  hrefFor,
}: {
  count: number;
  panel: React.ComponentProps<typeof FilterForm>['data'];
  path: string;
  hrefFor: (values: FilterValues) => string;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const content = (
    <>
      <SlidersHorizontal className="size-4" aria-hidden />
      {t('itemList.filters.open')}
      {count > 0 && (
        <>
          <span
            className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white"
            aria-hidden
          >
            {formatNumber(count, i18n.language as LanguageCode)}
          </span>
          <span className="sr-only">{t('itemList.filters.activeCount', { active: count })}</span>
        </>
      )}
    </>
  );
  const buttonClass = `${secondaryButtonClass} py-2 text-sm lg:hidden`;
  if (!hydrated) {
    return (
      <a href="#filters" className={buttonClass}>
        {content}
      </a>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClass} data-testid="open-filters">
        {content}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          dir={i18n.dir()}
          aria-describedby={undefined}
          data-testid="filter-sheet"
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-white shadow-2xl dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-800">
            <Dialog.Title className="text-lg font-bold">{t('itemList.filters.heading')}</Dialog.Title>
            <Dialog.Close
              className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label={t('dialog.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 pt-4">
            <FilterForm
              idPrefix="sheet"
              data={panel}
              action={path}
              hrefFor={hrefFor}
              onApplied={() => setOpen(false)}
              footer="sticky"
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const ORDER_VALUE: Record<SortChoice, string> = {
  latest: 'added_date',
  popular: 'touch_count',
  relevance: 'relevance',
  distance: 'distance',
};

/**
 * The order: Latest and Popular (SPEC.md 9), Best match with words, Nearest with a pin. A change navigates at
 * once; without JavaScript the form sends order_by with the other filters.
 */
function SortControl({
  values,
  path,
  hrefFor,
}: {
  values: FilterValues;
  path: string;
  hrefFor: (values: FilterValues) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = currentSort(values);
  const others = Object.entries(values).filter(
    ([name]) =>
      !(SORT_PARAMS as readonly string[]).includes(name) &&
      !(path !== ITEM_LIST_PATH && name.startsWith('manufacturer_')),
  );
  return (
    <form method="get" action={path} className="ms-auto flex items-center gap-2" data-testid="sort-form">
      {others.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="item-list-sort" className="sr-only text-sm font-semibold whitespace-nowrap sm:not-sr-only">
        {t('itemList.sort.label')}
      </label>
      <select
        id="item-list-sort"
        name="order_by"
        value={ORDER_VALUE[current]}
        onChange={(event) => {
          const choice = (Object.keys(ORDER_VALUE) as SortChoice[]).find(
            (key) => ORDER_VALUE[key] === event.target.value,
          );
          if (choice) navigate(hrefFor(withSort(values, choice)));
        }}
        data-testid="sort-select"
        data-sort={current}
        className="rounded-full border border-slate-300 bg-white py-2 ps-3 pe-8 text-sm font-semibold dark:border-slate-600 dark:bg-slate-900"
      >
        {sortChoices(values).map((choice) => (
          <option key={choice} value={ORDER_VALUE[choice]}>
            {t(`itemList.sort.${choice}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={`${secondaryButtonClass} py-2 text-sm`}>
          {t('itemList.sort.apply')}
        </button>
      </noscript>
    </form>
  );
}

function ViewToggle({ view, onView }: { view: 'list' | 'map'; onView: (view: 'list' | 'map') => void }) {
  const { t } = useTranslation();
  const button = (value: 'list' | 'map', label: string, Icon: typeof LayoutGrid) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onView(value)}
      data-testid={`view-${value}`}
      className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-slate-700 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow-sm dark:text-slate-300 dark:aria-pressed:bg-slate-700 dark:aria-pressed:text-white"
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </button>
  );
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('itemList.view.label')}</legend>
      <div className="flex rounded-full bg-slate-100 p-1 dark:bg-slate-800">
        {button('list', t('itemList.view.list'), LayoutGrid)}
        {button('map', t('itemList.view.map'), MapIcon)}
      </div>
    </fieldset>
  );
}

/** "Results: 1,000+" (announced when it changes), and the words the search corrected. */
function ResultSummary({
  result,
  values,
  hrefFor,
  language,
}: {
  result: ItemSearchResult;
  values: FilterValues;
  hrefFor: (values: FilterValues) => string;
  language: LanguageCode;
}) {
  const { t } = useTranslation();
  const count = `${formatNumber(result.total.count, language)}${result.total.capped ? '+' : ''}`;
  const corrected = correctedText(values.search_term, result.corrections);
  return (
    <div className="mt-3">
      <p
        role="status"
        aria-live="polite"
        className="text-sm font-semibold text-slate-700 dark:text-slate-300"
        data-testid="result-count"
      >
        {t('itemList.count', { total: count })}
      </p>
      {corrected && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="search-corrections">
          <Sentence
            sentence={(placeholder) => t('itemList.showingResultsFor', { replacement: placeholder })}
            value={
              <Link
                to={hrefFor({ ...values, search_term: corrected })}
                className="font-semibold text-brand-700 underline dark:text-brand-300"
              >
                {corrected}
              </Link>
            }
          />
        </p>
      )}
    </div>
  );
}

/** The words searched, with each corrected word replaced by what was searched instead. */
function correctedText(term: string | undefined, corrections: ItemSearchResult['corrections']) {
  if (!term || corrections.length === 0) return null;
  const words = term.split(/\s+/).map((word) => {
    const found = corrections.find((correction) => correction.term.toLocaleLowerCase() === word.toLocaleLowerCase());
    return found ? found.replacement : word;
  });
  const text = words.join(' ');
  return text === term ? corrections.map((correction) => correction.replacement).join(' ') : text;
}

/** A translated sentence with a piece (a link) where its placeholder is. */
function Sentence({ sentence, value }: { sentence: (placeholder: string) => string; value: React.ReactNode }) {
  const placeholder = '\u0000';
  const [before = '', after = ''] = sentence(placeholder).split(placeholder);
  return (
    <>
      {before}
      <bdi>{value}</bdi>
      {after}
    </>
  );
}

/** Why there is no result: each filter that is not valid, with its message (SPEC.md 5), and a way out. */
function FilterProblems({ errors, clearHref }: { errors: FieldErrors; clearHref: string }) {
  const { t } = useTranslation();
  const messages = [
    ...new Set(
      Object.entries(errors).map(([field, key]) =>
        field === FORM_ERROR ? translateKey(t, key) : translateKey(t, key, { field: fieldLabel(t, field) }),
      ),
    ),
  ];
  return (
    <div
      role="alert"
      className="mt-4 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
      data-testid="filter-problems"
    >
      <p className="font-bold">{t('itemList.problemsHeading')}</p>
      <ul className="mt-1 list-disc ps-5 text-sm">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <Link to={clearHref} className="mt-3 inline-block text-sm font-semibold underline">
        {t('itemList.clearFilters')}
      </Link>
    </div>
  );
}

/** The label of a filter parameter, for messages that name their field. */
function fieldLabel(t: TFunction, field: string): string {
  const keys: Record<string, string> = {
    search_term: 'itemList.filters.searchTerm',
    min_price: 'itemList.filters.minPrice',
    max_price: 'itemList.filters.maxPrice',
    min_year: 'itemList.filters.minYear',
    max_year: 'itemList.filters.maxYear',
    max_mileage: 'itemList.filters.maxMileage',
    brand: 'itemList.filters.brand',
    lat: 'itemList.filters.map',
    lng: 'itemList.filters.map',
    mile: 'itemList.filters.map',
    cat_id: 'itemList.filters.category',
    sub_cat_id: 'itemList.filters.subcategory',
    item_location_id: 'itemList.filters.location',
    item_location_township_id: 'itemList.filters.township',
    manufacturer_id: 'itemList.filters.manufacturer',
    model_id: 'itemList.filters.model',
  };
  return translateKey(t, keys[field] ?? 'itemList.filters.heading');
}

/** Under 'No Result Found !': "Did you mean …?" when the search has a better spelling, and "Clear filters". */
function EmptyActions({
  result,
  values,
  hrefFor,
}: {
  result: ItemSearchResult;
  values: FilterValues;
  hrefFor: (values: FilterValues) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 flex flex-col items-center gap-3">
      {result.suggestion && (
        <p data-testid="did-you-mean">
          <Sentence
            sentence={(placeholder) => t('itemList.didYouMean', { suggestion: placeholder })}
            value={
              <Link
                to={hrefFor({ ...values, search_term: result.suggestion })}
                className="font-semibold text-brand-700 underline dark:text-brand-300"
              >
                {result.suggestion}
              </Link>
            }
          />
        </p>
      )}
      {activeChips(values).length > 0 && (
        <Link to={hrefFor(sortOnly(values))} className={secondaryButtonClass} data-testid="empty-clear-filters">
          {t('itemList.clearFilters')}
        </Link>
      )}
    </div>
  );
}

function ResultCards({ items }: { items: Item[] }) {
  return (
    <ul className={`mt-4 ${itemGridClass} lg:grid-cols-3`} data-testid="item-list-results">
      {items.map((item, index) => (
        <li key={item.id}>
          <ItemCard item={item} headingLevel={3} lazy={index >= EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}

/** "Load more" (10 at a time), and for screen readers how many of the results are shown now. */
function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  error,
  onLoadMore,
  language,
}: {
  shown: number;
  total: ItemSearchResult['total'];
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  onLoadMore: () => void;
  language: LanguageCode;
}) {
  const { t } = useTranslation();
  const totalText = `${formatNumber(total.count, language)}${total.capped ? '+' : ''}`;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <p className="sr-only" aria-live="polite">
        {t('itemList.shownCount', { shown: formatNumber(shown, language), total: totalText })}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {hasMore && (
        <button
          type="button"
          onClick={onLoadMore}
          disabled={loading}
          data-testid="load-more"
          className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-6 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
        >
          {loading && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {error ? t('errors.retry') : t('common.loadMore')}
        </button>
      )}
    </div>
  );
}

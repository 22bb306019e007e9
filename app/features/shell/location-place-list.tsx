import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamedPlace } from '../../../contract/location-choice.ts';
import { Loader2, Search } from '../../components/ui/icons.tsx';
import { type Listing, type PlaceSearch, useServerSearch } from './location-lists.ts';
import { mergePlaces, placeNameMatches } from './location-place-match.ts';

// The look of components/ui/form-classes.ts inputClass and secondaryButtonClass, repeated here: importing that
// module brings the form kit chunk (form components and zod) to a dialog that has no form.
const searchInputClass =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white py-2.5 pe-4 ps-11 text-base dark:border-slate-700 dark:bg-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';
const retryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800';
// A short list is read at a glance: the search field comes with longer ones.
const SEARCH_FROM = 9;

/**
 * A list of places with a search field: the loaded list is filtered as the reader types; when it was too long
 * to load whole, or nothing in it matches, the server's search (which knows every language's names) answers.
 */
export function PlaceList({
  listing,
  searchLabel,
  listLabel,
  search,
  onRetry,
  renderPlace,
}: {
  listing: Listing;
  searchLabel: string;
  listLabel: string;
  search?: PlaceSearch;
  onRetry: () => void;
  renderPlace: (place: NamedPlace) => ReactNode;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const local = listing.state === 'ready' ? listing.places.filter((place) => placeNameMatches(place.name, typed)) : [];
  const askServer =
    search !== undefined && typed !== '' && listing.state === 'ready' && (!listing.complete || local.length === 0);
  const remote = useServerSearch(askServer ? typed : '', search);
  const shown = askServer && remote.places ? mergePlaces(local, remote.places) : local;

  if (listing.state === 'loading') {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {t('dialog.loading')}
      </p>
    );
  }
  if (listing.state === 'failed') {
    return (
      <div className="mt-3 space-y-2" role="alert">
        <p className="text-sm text-red-700 dark:text-red-300">{t('location.loadFailed')}</p>
        <button type="button" onClick={onRetry} className={retryButtonClass}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  if (listing.places.length === 0) return null;
  const searching = askServer && remote.places === null;
  return (
    <div className="mt-3">
      {listing.places.length >= SEARCH_FROM && (
        <SearchField id={inputId} label={searchLabel} value={query} onChange={setQuery} />
      )}
      <ul aria-label={listLabel} className="mt-2 space-y-1">
        {shown.map((place) => (
          <li key={place.id}>{renderPlace(place)}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {searching ? t('dialog.loading') : shown.length === 0 ? t('location.noMatch', { query: typed }) : ''}
      </p>
    </div>
  );
}

function SearchField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 mt-0.5 size-5 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          aria-hidden
        />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          className={searchInputClass}
        />
      </div>
    </>
  );
}

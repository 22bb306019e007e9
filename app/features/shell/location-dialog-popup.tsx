import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { ChosenLocation, LocationChoiceResult, NamedPlace } from '../../../contract/location-choice.ts';
import type { ItemLocation, Township } from '../../../contract/lookups.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { DeferredPopupProps } from '../../components/ui/deferred-popup.tsx';
import {
  ArrowLeft,
  ArrowRight,
  Check,
  ChevronLeft,
  ChevronRight,
  Crosshair,
  Globe,
  Loader2,
  MapPin,
  Search,
} from '../../components/ui/icons.tsx';
import { Modal, ModalTrigger } from '../../components/ui/modal.tsx';
import { apiGet } from '../../lib/api-client.ts';

// The look of components/ui/form-classes.ts inputClass and secondaryButtonClass, repeated here: importing that
// module brings the form kit chunk (form components and zod) to a dialog that has no form.
const searchInputClass =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white py-2.5 pe-4 ps-11 text-base dark:border-slate-700 dark:bg-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';
const retryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800';
// The largest page the lookups give (contract/paging.ts MAX_PAGE_SIZE; not imported: that module brings zod).
const PAGE_LIMIT = 100;
// Enough for any country's cities; past this the search asks the server instead of the loaded list.
const MAX_PAGES = 10;
const SEARCH_DELAY_MS = 250;
// A short list is read at a glance: the search field comes with longer ones.
const SEARCH_FROM = 9;
const GEOLOCATION_TIMEOUT_MS = 20_000;
const GEOLOCATION_MAX_AGE_MS = 10 * 60_000;
const roundCoordinate = (value: number) => Math.round(value * 1000) / 1000;

type Place = NamedPlace;
type Step = { kind: 'cities' } | { kind: 'townships'; city: Place };
type Listing = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; places: Place[]; complete: boolean };
type Geolocating = 'idle' | 'locating' | 'denied' | 'failed';
type Choice =
  | { choice: 'all' }
  | { choice: 'city'; city_id: number; township?: Place }
  | { choice: 'near'; lat: number; lng: number };

/**
 * The location dialog (loaded when the header's location button is first pressed): all locations, near me
 * (the browser's geolocation, asked only on that press), or a city from a searchable list, then optionally one
 * of its townships. The choice is posted to /chosen-location, which remembers it on the device; the page
 * then reloads its data, so the header and the lists follow it.
 */
export default function LocationDialogPopup({
  trigger,
  current,
}: DeferredPopupProps & { current: ChosenLocation | null }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<Step>({ kind: 'cities' });
  // The city whose townships were open, to put focus back on it when the reader returns to the cities.
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const [geolocating, setGeolocating] = useState<Geolocating>('idle');
  const fetcher = useFetcher<LocationChoiceResult>({ key: 'chosen-location' });
  const saving = fetcher.state !== 'idle';
  const [pending, setPending] = useState<string | null>(null);
  const language = i18n.language;

  const onOpenChange = (next: boolean) => {
    if (next) {
      setStep({ kind: 'cities' });
      setReturnTo(null);
      setGeolocating('idle');
      setPending(null);
    }
    setOpen(next);
  };

  const save = useCallback(
    (choice: Choice, what: string) => {
      setPending(what);
      const fields: Record<string, string> = { choice: choice.choice };
      if (choice.choice === 'city') {
        fields.city_id = String(choice.city_id);
        if (choice.township) fields.township_id = String(choice.township.id);
      } else if (choice.choice === 'near') {
        fields.lat = String(choice.lat);
        fields.lng = String(choice.lng);
      }
      fetcher.submit(fields, { method: 'post', action: `/chosen-location?lang=${encodeURIComponent(language)}` });
    },
    [fetcher, language],
  );

  // Saved and the page's data reloaded: close.
  useEffect(() => {
    if (pending && fetcher.state === 'idle' && fetcher.data) {
      setPending(null);
      if (fetcher.data.ok) setOpen(false);
    }
  }, [pending, fetcher.state, fetcher.data]);

  const nearMe = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setGeolocating('failed');
      return;
    }
    setGeolocating('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setGeolocating('idle');
        save({ choice: 'near', lat: roundCoordinate(coords.latitude), lng: roundCoordinate(coords.longitude) }, 'near');
      },
      (error) => setGeolocating(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: GEOLOCATION_MAX_AGE_MS },
    );
  };

  const saveError = !saving && fetcher.data && !fetcher.data.ok ? fetcher.data.messageKey : null;
  const problem =
    geolocating === 'denied' ? 'location.nearMeDenied' : geolocating === 'failed' ? 'location.nearMeFailed' : saveError;
  const currentCityId = current?.kind === 'city' ? current.city.id : null;

  return (
    <Modal
      trigger={<ModalTrigger asChild>{trigger}</ModalTrigger>}
      open={open}
      onOpenChange={onOpenChange}
      title={t('location.title')}
      description={t('location.description')}
      showDescription
    >
      <div className="mt-4 space-y-2" aria-busy={saving}>
        <ChoiceButton
          icon={<Globe className="size-5 shrink-0" aria-hidden />}
          label={t('location.all')}
          selected={!current}
          busy={pending === 'all'}
          disabled={saving}
          onClick={() => save({ choice: 'all' }, 'all')}
          testId="location-all"
        />
        <ChoiceButton
          icon={<Crosshair className="size-5 shrink-0" aria-hidden />}
          label={t('location.nearMe')}
          hint={geolocating === 'locating' ? t('location.locating') : t('location.nearMeHint')}
          selected={current?.kind === 'near'}
          busy={geolocating === 'locating' || pending === 'near'}
          disabled={saving || geolocating === 'locating'}
          onClick={nearMe}
          testId="location-near-me"
        />
        <div aria-live="polite">
          {problem && (
            <p
              className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
              data-testid="location-problem"
            >
              {t(problem)}
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        {step.kind === 'cities' ? (
          <CityStep
            language={language}
            currentCityId={currentCityId}
            returnTo={returnTo}
            disabled={saving}
            onCity={(city) => setStep({ kind: 'townships', city })}
          />
        ) : (
          <TownshipStep
            key={step.city.id}
            city={step.city}
            language={language}
            current={current?.kind === 'city' && current.city.id === step.city.id ? current : null}
            disabled={saving}
            pending={pending}
            onBack={() => {
              setReturnTo(step.city.id);
              setStep({ kind: 'cities' });
            }}
            onChoose={(township) =>
              save(
                { choice: 'city', city_id: step.city.id, township: township ?? undefined },
                `township-${township?.id ?? 0}`,
              )
            }
          />
        )}
      </div>
    </Modal>
  );
}

function CityStep({
  language,
  currentCityId,
  returnTo,
  disabled,
  onCity,
}: {
  language: string;
  currentCityId: number | null;
  returnTo: number | null;
  disabled: boolean;
  onCity: (city: Place) => void;
}) {
  const { t, i18n } = useTranslation();
  const Forward = i18n.dir() === 'rtl' ? ChevronLeft : ChevronRight;
  const [reload, setReload] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const listing = useListing(`cities:${language}:${reload}`, () =>
    loadAll<ItemLocation>('/api/v1/locations', { lang: language }, (city) => ({ id: city.id, name: city.name })),
  );
  const ready = listing.state === 'ready';
  useEffect(() => {
    if (ready && returnTo !== null) list.current?.querySelector<HTMLElement>(`[data-place="${returnTo}"]`)?.focus();
  }, [ready, returnTo]);
  return (
    <div ref={list}>
      <PlaceList
        listing={listing}
        searchLabel={t('location.searchCities')}
        listLabel={t('location.cities')}
        search={(keyword) =>
          loadAll<ItemLocation>('/api/v1/locations', { lang: language, keyword }, (city) => ({
            id: city.id,
            name: city.name,
          }))
        }
        onRetry={() => setReload((count) => count + 1)}
        renderPlace={(city) => (
          <ChoiceButton
            icon={<MapPin className="size-5 shrink-0" aria-hidden />}
            label={city.name}
            selected={city.id === currentCityId}
            disabled={disabled}
            onClick={() => onCity(city)}
            end={<Forward className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />}
            place={city.id}
          />
        )}
      />
    </div>
  );
}

function TownshipStep({
  city,
  language,
  current,
  disabled,
  pending,
  onBack,
  onChoose,
}: {
  city: Place;
  language: string;
  current: Extract<ChosenLocation, { kind: 'city' }> | null;
  disabled: boolean;
  pending: string | null;
  onBack: () => void;
  onChoose: (township: Place | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const Back = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [reload, setReload] = useState(0);
  const listing = useListing(`townships:${language}:${city.id}:${reload}`, () =>
    loadAll<Township>('/api/v1/townships', { lang: language, city_id: city.id }, (township) => ({
      id: township.id,
      name: township.township_name,
    })),
  );
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={headingId}>
      <button
        type="button"
        onClick={onBack}
        className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
      >
        <Back className="size-4" aria-hidden />
        {t('location.backToCities')}
      </button>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="mt-2 text-lg font-bold outline-none">
        {t('location.townshipsOf', { city: city.name })}
      </h3>
      <div className="mt-3">
        <ChoiceButton
          icon={<MapPin className="size-5 shrink-0" aria-hidden />}
          label={t('location.wholeCity', { city: city.name })}
          selected={current !== null && current.township === null}
          busy={pending === 'township-0'}
          disabled={disabled}
          onClick={() => onChoose(null)}
          testId="location-whole-city"
        />
      </div>
      <PlaceList
        listing={listing}
        searchLabel={t('location.searchTownships')}
        listLabel={t('location.townshipsOf', { city: city.name })}
        onRetry={() => setReload((count) => count + 1)}
        renderPlace={(township) => (
          <ChoiceButton
            icon={<span className="size-5 shrink-0" aria-hidden />}
            label={township.name}
            selected={current?.township?.id === township.id}
            busy={pending === `township-${township.id}`}
            disabled={disabled}
            onClick={() => onChoose(township)}
          />
        )}
      />
    </section>
  );
}

/**
 * A list of places with a search field: the loaded list is filtered as the reader types; when it was too long
 * to load whole, or nothing in it matches, the server's search (which knows every language's names) answers.
 */
function PlaceList({
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
  search?: (keyword: string) => Promise<{ places: Place[] }>;
  onRetry: () => void;
  renderPlace: (place: Place) => ReactNode;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const local = listing.state === 'ready' ? listing.places.filter((place) => matches(place.name, typed)) : [];
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

function ChoiceButton({
  icon,
  label,
  hint,
  selected,
  busy = false,
  disabled,
  onClick,
  end,
  testId,
  place,
}: {
  icon: ReactNode;
  label: string;
  hint?: string;
  selected: boolean;
  busy?: boolean;
  disabled: boolean;
  onClick: () => void;
  end?: ReactNode;
  testId?: string;
  /** The place's id, to find its button again. */
  place?: number;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-current={selected ? 'true' : undefined}
      data-testid={testId}
      data-place={place}
      className={`flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start hover:bg-slate-100 disabled:cursor-wait dark:hover:bg-slate-800 ${
        selected ? 'bg-brand-50 font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100' : ''
      }`}
    >
      {busy ? <Loader2 className="size-5 shrink-0 animate-spin" aria-hidden /> : icon}
      <span className="min-w-0 flex-1">
        <span className="block truncate">{label}</span>
        {hint && <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">{hint}</span>}
      </span>
      {selected && <Check className="size-5 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />}
      {end}
    </button>
  );
}

/** Lists already loaded in this page, by language and parent: reopening the dialog asks nothing again. */
const loaded = new Map<string, Promise<{ places: Place[]; complete: boolean }>>();

function useListing(key: string, load: () => Promise<{ places: Place[]; complete: boolean }>): Listing {
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    let request = loaded.get(key);
    if (!request) {
      request = loadRef.current();
      loaded.set(key, request);
    }
    setListing({ state: 'loading' });
    request.then(
      (result) => live && setListing({ state: 'ready', ...result }),
      () => {
        loaded.delete(key);
        if (live) setListing({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  return listing;
}

/** The server's answer for `keyword` once typing pauses; null while it is on its way. */
function useServerSearch(keyword: string, search: ((keyword: string) => Promise<{ places: Place[] }>) | undefined) {
  const [answer, setAnswer] = useState<{ keyword: string; places: Place[] } | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;
  useEffect(() => {
    if (!keyword || !searchRef.current) return;
    let live = true;
    const timer = setTimeout(() => {
      searchRef.current?.(keyword).then(
        ({ places }) => live && setAnswer({ keyword, places }),
        () => live && setAnswer({ keyword, places: [] }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);
  return { places: answer && answer.keyword === keyword ? answer.places : null };
}

/** Every page of a lookup list (up to MAX_PAGES of PAGE_LIMIT), as id and name. */
async function loadAll<T>(
  path: string,
  query: Record<string, string | number>,
  toPlace: (row: T) => Place,
): Promise<{ places: Place[]; complete: boolean }> {
  const places: Place[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result: Paged<T> = await apiGet<Paged<T>>(path, { ...query, limit: PAGE_LIMIT, cursor });
    places.push(...result.items.map(toPlace));
    cursor = result.next_cursor;
    if (!cursor) return { places, complete: true };
  }
  return { places, complete: false };
}

function mergePlaces(first: Place[], second: Place[]) {
  const seen = new Set(first.map((place) => place.id));
  return [...first, ...second.filter((place) => !seen.has(place.id))];
}

/** Whether a name contains what was typed, ignoring case, accents and Arabic letter variants. */
function matches(name: string, typed: string) {
  return typed === '' || fold(name).includes(fold(typed));
}

function fold(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\p{M}\u0640]/gu, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .toLocaleLowerCase();
}

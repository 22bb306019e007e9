import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChosenCity, NamedPlace } from '../../../contract/location-choice.ts';
import { ArrowLeft, ArrowRight, ChevronLeft, ChevronRight, MapPin } from '../../components/ui/icons.tsx';
import { ChoiceButton } from './location-choice-button.tsx';
import { loadCities, loadTownships, searchCities, useListing } from './location-lists.ts';
import { PlaceList } from './location-place-list.tsx';

/** The first step: the cities, each opening its townships; back from them, focus returns to the city. */
export function CityStep({
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
  onCity: (city: NamedPlace) => void;
}) {
  const { t, i18n } = useTranslation();
  const Forward = i18n.dir() === 'rtl' ? ChevronLeft : ChevronRight;
  const [reload, setReload] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const listing = useListing(`cities:${language}:${reload}`, () => loadCities(language));
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
        search={(keyword) => searchCities(language, keyword)}
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

/** The second step: the whole city or one of its townships; its heading takes focus as it opens. */
export function TownshipStep({
  city,
  language,
  current,
  disabled,
  pending,
  onBack,
  onChoose,
}: {
  city: NamedPlace;
  language: string;
  current: ChosenCity | null;
  disabled: boolean;
  pending: string | null;
  onBack: () => void;
  onChoose: (township: NamedPlace | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const Back = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [reload, setReload] = useState(0);
  const listing = useListing(`townships:${language}:${city.id}:${reload}`, () => loadTownships(language, city.id));
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

import { useCallback, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { LocationChoiceResult, NamedPlace } from '../../../contract/location-choice.ts';
import {
  choiceFields,
  type Geolocating,
  type LocationChoice,
  locationProblem,
  roundCoordinate,
} from './location-choice.ts';

const GEOLOCATION_TIMEOUT_MS = 20_000;
const GEOLOCATION_MAX_AGE_MS = 10 * 60_000;

/** The dialog's step: the cities, or the townships of one city. */
export type LocationStep = { kind: 'cities' } | { kind: 'townships'; city: NamedPlace };

/** Saves a choice, with a name for the button that spins meanwhile (`pending`). */
type SaveChoice = (choice: LocationChoice, what: string) => void;

/**
 * The state of the location dialog: open or not, which step shows, and the choice being saved. A choice is
 * posted to /chosen-location; once it is saved and the page's data reloaded, the dialog closes. Opening it
 * again starts over at the cities.
 */
export function useLocationChoice(language: string) {
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<LocationStep>({ kind: 'cities' });
  // The city whose townships were open, to put focus back on it when the reader returns to the cities.
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const fetcher = useFetcher<LocationChoiceResult>({ key: 'chosen-location' });
  const saving = fetcher.state !== 'idle';
  const [pending, setPending] = useState<string | null>(null);

  const save = useCallback<SaveChoice>(
    (choice, what) => {
      setPending(what);
      fetcher.submit(choiceFields(choice), {
        method: 'post',
        action: `/chosen-location?lang=${encodeURIComponent(language)}`,
      });
    },
    [fetcher, language],
  );
  const nearMe = useNearMe(save);

  // Saved and the page's data reloaded: close.
  useEffect(() => {
    if (pending && fetcher.state === 'idle' && fetcher.data) {
      setPending(null);
      if (fetcher.data.ok) setOpen(false);
    }
  }, [pending, fetcher.state, fetcher.data]);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setStep({ kind: 'cities' });
      setReturnTo(null);
      nearMe.reset();
      setPending(null);
    }
    setOpen(next);
  };

  const saveError = !saving && fetcher.data && !fetcher.data.ok ? fetcher.data.messageKey : null;
  return {
    open,
    onOpenChange,
    step,
    returnTo,
    saving,
    pending,
    geolocating: nearMe.geolocating,
    problem: locationProblem(nearMe.geolocating, saveError),
    chooseAll: () => save({ choice: 'all' }, 'all'),
    chooseNearMe: nearMe.locate,
    openCity: (city: NamedPlace) => setStep({ kind: 'townships', city }),
    backToCities: (city: NamedPlace) => {
      setReturnTo(city.id);
      setStep({ kind: 'cities' });
    },
    chooseTownship: (city: NamedPlace, township: NamedPlace | null) =>
      save({ choice: 'city', city_id: city.id, township: township ?? undefined }, `township-${township?.id ?? 0}`),
  };
}

export type LocationChoiceState = ReturnType<typeof useLocationChoice>;

/** "Near me": the browser's geolocation, asked only when the reader presses it; the rounded point is saved. */
function useNearMe(save: SaveChoice) {
  const [geolocating, setGeolocating] = useState<Geolocating>('idle');
  const locate = () => {
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
  return { geolocating, locate, reset: () => setGeolocating('idle') };
}

import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_SEARCH_RADIUS_MILES, MAX_SEARCH_RADIUS_MILES } from '../../../../contract/search-basics.ts';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/form-classes.ts';
import { Crosshair, Loader2 } from '../../../components/ui/icons.tsx';
import type { MapTileSource } from '../../../components/ui/location-map-leaflet.ts';
import { Modal, ModalClose, ModalTrigger } from '../../../components/ui/modal.tsx';
import type { Point, RadiusPicker } from './radius-map-leaflet.ts';

/** The slider's range; the number field takes any radius the search accepts. */
const SLIDER_MAX_MILES = 100;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export interface MapArea extends Point {
  miles: number;
}

/** A radius as typed: a number of miles the search accepts, or null. */
export function milesOf(text: string): number | null {
  const miles = Number(text);
  return Number.isFinite(miles) && miles > 0 && miles <= MAX_SEARCH_RADIUS_MILES ? miles : null;
}

/** The circle being chosen: the pin and the radius as typed, both back to `value` each time the dialog opens. */
function useRadiusChoice(value: MapArea | null, open: boolean) {
  const [pin, setPin] = useState<Point | null>(value);
  const [milesText, setMilesText] = useState(String(value?.miles ?? MAP_SEARCH_RADIUS_MILES));
  useEffect(() => {
    if (!open) return;
    setPin(value);
    setMilesText(String(value?.miles ?? MAP_SEARCH_RADIUS_MILES));
  }, [open, value]);
  return { pin, setPin, milesText, setMilesText, miles: milesOf(milesText) };
}

type MapState = 'loading' | 'ready' | 'failed';

/** The Leaflet picker once the map is made (for "pin the centre"), following the radius as it is typed. */
function useRadiusPicker(miles: number | null) {
  const picker = useRef<RadiusPicker | null>(null);
  const [state, setState] = useState<MapState>('loading');
  useEffect(() => {
    if (miles !== null) picker.current?.setRadius(miles);
  }, [miles]);
  const onReady = (ready: RadiusPicker | null, next: MapState) => {
    picker.current = ready;
    setState(next);
  };
  return { state, onReady, pinCenter: () => picker.current?.pinCenter() };
}

/**
 * The map circle filter (SPEC.md 2 modals): a pin placed by a tap, a drag or the "pin the centre" button (for
 * keyboards: the arrow keys pan the map), and the radius in miles (8 by default, SPEC.md 9) set with a slider
 * or typed. "Show ads in this area" hands the circle back; "Remove" clears it. Opened from the filter sheet, it
 * shows above it.
 */
export function MapRadiusDialog({
  trigger,
  value,
  center,
  tiles,
  onApply,
  onRemove,
}: {
  trigger: ReactElement;
  value: MapArea | null;
  /** Where the map opens without a pin (the chosen city, else a default). */
  center: Point;
  tiles: MapTileSource;
  onApply: (area: MapArea) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const choice = useRadiusChoice(value, open);
  const map = useRadiusPicker(choice.miles);
  const { pin, miles } = choice;
  const apply = () => {
    if (!pin || miles === null) return;
    setOpen(false);
    onApply({ lat: round6(pin.lat), lng: round6(pin.lng), miles });
  };
  const remove = () => {
    setOpen(false);
    onRemove();
  };
  return (
    <Modal
      trigger={<ModalTrigger asChild>{trigger}</ModalTrigger>}
      open={open}
      onOpenChange={setOpen}
      title={t('itemList.radius.title')}
      description={t('itemList.radius.description')}
      showDescription
      size="wide"
      layer="nested"
      testId="map-radius-dialog"
    >
      {open && (
        <RadiusMap
          pin={value}
          center={center}
          miles={miles ?? MAP_SEARCH_RADIUS_MILES}
          tiles={tiles}
          onPin={choice.setPin}
          onReady={map.onReady}
          state={map.state}
        />
      )}
      <PinControls pin={pin} mapReady={map.state === 'ready'} onPinCenter={map.pinCenter} />
      <RadiusFields milesText={choice.milesText} miles={miles} onMilesText={choice.setMilesText} />
      <RadiusActions canApply={pin !== null && miles !== null} onApply={apply} onRemove={value ? remove : null} />
    </Modal>
  );
}

/** "Pin the centre" (for keyboards), and where the pin is now (read out when it moves). */
function PinControls({
  pin,
  mapReady,
  onPinCenter,
}: {
  pin: Point | null;
  mapReady: boolean;
  onPinCenter: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-3 w-full text-sm`}
        disabled={!mapReady}
        onClick={onPinCenter}
        data-testid="map-radius-pin-center"
      >
        <Crosshair className="size-4" aria-hidden />
        {t('itemList.radius.pinCenter')}
      </button>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="map-radius-pin">
        {pin ? (
          <bdi dir="ltr">
            {pin.lat.toFixed(6)}, {pin.lng.toFixed(6)}
          </bdi>
        ) : (
          t('itemList.radius.noPin')
        )}
      </p>
    </>
  );
}

/** The radius: a slider for the usual distances and a number field for any the search accepts. */
function RadiusFields({
  milesText,
  miles,
  onMilesText,
}: {
  milesText: string;
  miles: number | null;
  onMilesText: (text: string) => void;
}) {
  const { t } = useTranslation();
  const milesId = useId();
  const sliderId = useId();
  const shownMiles = miles ?? MAP_SEARCH_RADIUS_MILES;
  return (
    <>
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)_6rem] items-end gap-3">
        <div>
          <label htmlFor={sliderId} className="text-sm font-semibold">
            {t('itemList.radius.distance')}
          </label>
          <input
            id={sliderId}
            type="range"
            min={1}
            max={SLIDER_MAX_MILES}
            step={1}
            value={Math.min(Math.max(Math.round(shownMiles), 1), SLIDER_MAX_MILES)}
            onChange={(event) => onMilesText(event.target.value)}
            aria-valuetext={t('itemList.radius.milesValue', { miles: shownMiles })}
            className="mt-3 block w-full accent-brand-600"
            data-testid="map-radius-slider"
          />
        </div>
        <div>
          <label htmlFor={milesId} className="sr-only">
            {t('itemList.radius.distance')}
          </label>
          <input
            id={milesId}
            type="number"
            inputMode="decimal"
            min={1}
            max={MAX_SEARCH_RADIUS_MILES}
            step="any"
            value={milesText}
            onChange={(event) => onMilesText(event.target.value)}
            aria-invalid={miles === null}
            className={inputClass}
            data-testid="map-radius-miles"
          />
        </div>
      </div>
      {miles === null && (
        <p className="mt-1 text-sm text-red-600 dark:text-red-400" role="alert">
          {t('itemList.radius.milesInvalid', { max: MAX_SEARCH_RADIUS_MILES })}
        </p>
      )}
    </>
  );
}

/** Show the ads in the circle, remove the circle (when one is set), or cancel. */
function RadiusActions({
  canApply,
  onApply,
  onRemove,
}: {
  canApply: boolean;
  onApply: () => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
      <button
        type="button"
        className={`${primaryButtonClass} sm:w-auto`}
        disabled={!canApply}
        onClick={onApply}
        data-testid="map-radius-apply"
      >
        {t('itemList.radius.apply')}
      </button>
      {onRemove && (
        <button type="button" className={secondaryButtonClass} onClick={onRemove}>
          {t('itemList.radius.remove')}
        </button>
      )}
      <ModalClose className={secondaryButtonClass}>{t('itemList.radius.cancel')}</ModalClose>
    </div>
  );
}

/** The Leaflet map of the dialog, made once per opening from the values it opened with. */
function RadiusMap({
  pin,
  center,
  miles,
  tiles,
  onPin,
  onReady,
  state,
}: {
  pin: Point | null;
  center: Point;
  miles: number;
  tiles: MapTileSource;
  onPin: (point: Point) => void;
  onReady: (picker: RadiusPicker | null, state: MapState) => void;
  state: MapState;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once per opening, from the values it opened with.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let cancelled = false;
    let picker: RadiusPicker | null = null;
    import('./radius-map-leaflet.ts')
      .then(({ showRadiusPicker }) => {
        if (cancelled) return;
        picker = showRadiusPicker(element, {
          pin,
          center,
          miles,
          tiles,
          zoomLabels: { zoomIn: t('itemList.map.zoomIn'), zoomOut: t('itemList.map.zoomOut') },
          pinLabel: t('itemList.radius.pin'),
          onPin,
        });
        onReady(picker, 'ready');
      })
      .catch(() => {
        if (!cancelled) onReady(null, 'failed');
      });
    return () => {
      cancelled = true;
      picker?.remove();
      onReady(null, 'loading');
    };
  }, []);
  return (
    <div
      dir="ltr"
      className="relative isolate z-0 mt-4 h-72 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 sm:h-80 dark:border-slate-700 dark:bg-slate-800"
    >
      <div
        ref={box}
        role="application"
        aria-label={t('itemList.radius.map')}
        data-testid="map-radius-map"
        data-map-ready={state === 'ready' ? 'true' : 'false'}
        className="absolute inset-0 dark:[&_.leaflet-tile-pane]:[filter:brightness(0.8)_contrast(1.1)]"
      />
      {state !== 'ready' && (
        <p className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          {state === 'loading' && <Loader2 className="size-5 animate-spin" aria-hidden />}
          {state === 'loading' ? t('itemList.map.loading') : t('itemList.map.failed')}
        </p>
      )}
    </div>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_SEARCH_RADIUS_MILES, MAX_SEARCH_RADIUS_MILES } from '../../../../contract/search.ts';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/form-classes.ts';
import { Crosshair, Loader2, X } from '../../../components/ui/icons.tsx';
import type { MapTileSource } from '../../../components/ui/location-map-leaflet.ts';
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

/**
 * The map circle filter (SPEC.md 2 modals): a pin placed by a tap, a drag or the "pin the centre" button (for
 * keyboards: the arrow keys pan the map), and the radius in miles (8 by default, SPEC.md 9) set with a slider
 * or typed. "Show ads in this area" hands the circle back; "Remove" clears it. A Radix dialog: Escape closes,
 * focus stays inside.
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
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState<Point | null>(value);
  const [milesText, setMilesText] = useState(String(value?.miles ?? MAP_SEARCH_RADIUS_MILES));
  const milesId = useId();
  const sliderId = useId();
  const picker = useRef<RadiusPicker | null>(null);
  const [mapState, setMapState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const miles = milesOf(milesText);

  useEffect(() => {
    if (!open) return;
    setPin(value);
    setMilesText(String(value?.miles ?? MAP_SEARCH_RADIUS_MILES));
  }, [open, value]);

  useEffect(() => {
    if (miles !== null) picker.current?.setRadius(miles);
  }, [miles]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
        <Dialog.Content
          dir={i18n.dir()}
          data-testid="map-radius-dialog"
          className="fixed inset-x-0 bottom-0 z-[60] max-h-[95dvh] overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl sm:inset-x-auto sm:start-1/2 sm:top-1/2 sm:bottom-auto sm:w-[40rem] sm:-translate-y-1/2 sm:rounded-3xl sm:p-6 sm:ltr:-translate-x-1/2 sm:rtl:translate-x-1/2 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-xl font-bold">{t('itemList.radius.title')}</Dialog.Title>
            <Dialog.Close
              className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label={t('dialog.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('itemList.radius.description')}
          </Dialog.Description>
          {open && (
            <RadiusMap
              pin={value}
              center={center}
              miles={miles ?? MAP_SEARCH_RADIUS_MILES}
              tiles={tiles}
              onPin={setPin}
              onReady={(ready, state) => {
                picker.current = ready;
                setMapState(state);
              }}
              state={mapState}
            />
          )}
          <button
            type="button"
            className={`${secondaryButtonClass} mt-3 w-full text-sm`}
            disabled={mapState !== 'ready'}
            onClick={() => picker.current?.pinCenter()}
            data-testid="map-radius-pin-center"
          >
            <Crosshair className="size-4" aria-hidden />
            {t('itemList.radius.pinCenter')}
          </button>
          <p
            className="mt-2 text-sm text-slate-700 dark:text-slate-300"
            aria-live="polite"
            data-testid="map-radius-pin"
          >
            {pin ? (
              <bdi dir="ltr">
                {pin.lat.toFixed(6)}, {pin.lng.toFixed(6)}
              </bdi>
            ) : (
              t('itemList.radius.noPin')
            )}
          </p>
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
                value={Math.min(Math.max(Math.round(miles ?? MAP_SEARCH_RADIUS_MILES), 1), SLIDER_MAX_MILES)}
                onChange={(event) => setMilesText(event.target.value)}
                aria-valuetext={t('itemList.radius.milesValue', { miles: miles ?? MAP_SEARCH_RADIUS_MILES })}
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
                onChange={(event) => setMilesText(event.target.value)}
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
          <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
            <button
              type="button"
              className={`${primaryButtonClass} sm:w-auto`}
              disabled={!pin || miles === null}
              onClick={() => {
                if (!pin || miles === null) return;
                setOpen(false);
                onApply({ lat: round6(pin.lat), lng: round6(pin.lng), miles });
              }}
              data-testid="map-radius-apply"
            >
              {t('itemList.radius.apply')}
            </button>
            {value && (
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => {
                  setOpen(false);
                  onRemove();
                }}
              >
                {t('itemList.radius.remove')}
              </button>
            )}
            <Dialog.Close className={secondaryButtonClass}>{t('itemList.radius.cancel')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
  onReady: (picker: RadiusPicker | null, state: 'loading' | 'ready' | 'failed') => void;
  state: 'loading' | 'ready' | 'failed';
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

import type { Map as LeafletMap, LeafletMouseEvent, Marker } from 'leaflet';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButtonClass, secondaryButtonClass } from './form.tsx';
import { Crosshair, Loader2 } from './icons.tsx';
import { Modal, ModalTrigger } from './modal.tsx';

export interface MapPoint {
  lat: number;
  lng: number;
}

/** Tile URL template and credit (the app's MAP_TILE_URL and MAP_TILE_ATTRIBUTION). */
export interface PickerTiles {
  url: string;
  attribution: string;
}

const PICKER_ZOOM = 15;
const OVERVIEW_ZOOM = 12;
const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 32" width="32" height="42" aria-hidden="true">' +
  '<path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="#1b625c"/>' +
  '<circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The map pin picker modal (SPEC.md 2 modals): tap the map or drag the pin, or pan with the arrow keys and
 * pin the centre; "Use this place" hands the point back. Leaflet and its stylesheet load in the browser only,
 * when the modal opens. The map itself stays left-to-right in Arabic pages (a map is not text).
 */
export function MapPinPicker({
  trigger,
  value,
  center,
  tiles,
  onPick,
  description,
}: {
  /** What the dialog asks for, when it is not an item's place ("where buyers can find the item"). */
  description?: string;
  /** The button that opens it (one element: it becomes the dialog's trigger). */
  trigger: ReactElement;
  value: MapPoint | null;
  /** Where the map opens when there is no pin yet (the chosen city or township). */
  center: MapPoint;
  tiles: PickerTiles;
  onPick: (point: MapPoint) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [point, setPoint] = useState<MapPoint | null>(value);
  useEffect(() => {
    if (open) setPoint(value);
  }, [open, value]);
  return (
    <Modal
      trigger={<ModalTrigger asChild>{trigger}</ModalTrigger>}
      open={open}
      onOpenChange={setOpen}
      title={t('mapPicker.title')}
      description={description ?? t('mapPicker.description')}
      showDescription
    >
      {open && <PickerMap initial={value} center={center} tiles={tiles} onPoint={setPoint} />}
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" aria-live="polite" dir="ltr">
        {point ? `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}` : '\u00a0'}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row-reverse">
        <button
          type="button"
          className={primaryButtonClass}
          disabled={!point}
          onClick={() => {
            if (!point) return;
            onPick({ lat: round6(point.lat), lng: round6(point.lng) });
            setOpen(false);
          }}
          data-testid="map-pick-confirm"
        >
          {t('mapPicker.confirm')}
        </button>
      </div>
    </Modal>
  );
}

function PickerMap({
  initial,
  center,
  tiles,
  onPoint,
}: {
  initial: MapPoint | null;
  center: MapPoint;
  tiles: PickerTiles;
  onPoint: (point: MapPoint) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const api = useRef<{ map: LeafletMap; place: (point: MapPoint) => void } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once per opening, from the values it opened with.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let cancelled = false;
    let map: LeafletMap | null = null;
    Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      .then(([leaflet]) => {
        if (cancelled) return;
        const L = leaflet.default ?? leaflet;
        const start = initial ?? center;
        map = L.map(element, {
          center: [start.lat, start.lng],
          zoom: initial ? PICKER_ZOOM : OVERVIEW_ZOOM,
          keyboard: true,
        });
        map.attributionControl.setPrefix(false);
        L.tileLayer(tiles.url, { maxZoom: 19, attribution: escapeHtml(tiles.attribution) }).addTo(map);
        const icon = L.divIcon({ html: PIN_SVG, className: '', iconSize: [32, 42], iconAnchor: [16, 42] });
        let marker: Marker | null = null;
        const place = (point: MapPoint) => {
          if (!map) return;
          if (marker) marker.setLatLng([point.lat, point.lng]);
          else {
            marker = L.marker([point.lat, point.lng], {
              icon,
              draggable: true,
              keyboard: false,
              title: t('mapPicker.pin'),
            });
            marker.on('dragend', () => {
              const at = marker?.getLatLng();
              if (at) onPoint({ lat: at.lat, lng: at.lng });
            });
            marker.addTo(map);
          }
          onPoint(point);
        };
        if (initial) place(initial);
        map.on('click', (event: LeafletMouseEvent) => place({ lat: event.latlng.lat, lng: event.latlng.lng }));
        // The modal animates in: measure the box again once it has its size.
        requestAnimationFrame(() => map?.invalidateSize());
        api.current = { map, place };
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      api.current = null;
      map?.remove();
    };
  }, []);

  return (
    <div className="mt-4">
      <div
        dir="ltr"
        className="relative isolate z-0 h-72 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
      >
        <div
          ref={box}
          role="application"
          aria-label={t('mapPicker.map')}
          data-testid="map-picker"
          data-map-ready={state === 'ready' ? 'true' : 'false'}
          className="absolute inset-0 dark:[&_.leaflet-tile-pane]:[filter:brightness(0.8)_contrast(1.1)]"
        />
        {state !== 'ready' && (
          <p className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            {state === 'loading' && <Loader2 className="size-5 animate-spin" aria-hidden />}
            {state === 'loading' ? t('mapPicker.loading') : t('mapPicker.failed')}
          </p>
        )}
      </div>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-3 w-full text-sm`}
        disabled={state !== 'ready'}
        onClick={() => {
          const current = api.current;
          if (!current) return;
          const at = current.map.getCenter();
          current.place({ lat: at.lat, lng: at.lng });
        }}
      >
        <Crosshair className="size-4" aria-hidden />
        {t('mapPicker.center')}
      </button>
    </div>
  );
}

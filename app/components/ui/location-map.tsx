import { useEffect, useRef, useState } from 'react';
import { MapPin } from './icons.tsx';
import type { MapTileSource } from './location-map-leaflet.ts';

export type { MapTileSource };

/** The map of SPEC.md 2: a pin at a point, 280px high, zoom 15. */
export const MAP_HEIGHT_PX = 280;
export const MAP_ZOOM = 15;

const coordinate = (value: number) => value.toFixed(6);

/**
 * A map with one pin (SPEC.md 2 layout: height 280px, zoom 15). The server and the first render show the
 * coordinates as text in the map's box; in the browser Leaflet and its stylesheet load once the box comes near
 * the screen (never during server rendering, never for a page that is not scrolled to the map), then the map
 * replaces the text. A map is not text: it stays left-to-right in Arabic pages.
 */
export function LocationMap({
  lat,
  lng,
  tiles,
  label,
  zoomLabels,
  className = '',
}: {
  lat: number;
  lng: number;
  tiles: MapTileSource;
  /** What the map shows, for screen readers ("Location on the map"). */
  label: string;
  /** The zoom buttons' names ("Zoom in", "Zoom out") in the page's language. */
  zoomLabels: { zoomIn: string; zoomOut: string };
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const { url, attribution } = tiles;
  const { zoomIn, zoomOut } = zoomLabels;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      import('./location-map-leaflet.ts')
        .then(({ showPinMap }) => {
          if (cancelled) return;
          stop = showPinMap(element, {
            lat,
            lng,
            zoom: MAP_ZOOM,
            tiles: { url, attribution },
            zoomLabels: { zoomIn, zoomOut },
          });
          setReady(true);
        })
        .catch(() => {
          // The text with the coordinates stays: the page is still whole without the map.
        });
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              observer?.disconnect();
              start();
            },
            { rootMargin: '400px' },
          );
    if (observer) observer.observe(element);
    else start();
    return () => {
      cancelled = true;
      observer?.disconnect();
      stop?.();
      setReady(false);
    };
  }, [lat, lng, url, attribution, zoomIn, zoomOut]);

  return (
    <section
      aria-label={label}
      dir="ltr"
      data-testid="location-map"
      data-map-ready={ready ? 'true' : 'false'}
      className={`relative isolate z-0 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800 ${className}`}
      style={{ height: MAP_HEIGHT_PX }}
    >
      <div ref={box} className="absolute inset-0 dark:[&_.leaflet-tile-pane]:[filter:brightness(0.8)_contrast(1.1)]" />
      {!ready && (
        <p className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <MapPin className="size-5 text-brand-600 dark:text-brand-300" aria-hidden />
          <span data-testid="map-coordinates">
            {coordinate(lat)}, {coordinate(lng)}
          </span>
        </p>
      )}
    </section>
  );
}

/** Whether a point can be shown: both set, and not the spec's invalid coordinate 0.000000 (SPEC.md 9). */
export function isShownCoordinate(lat: number | null | undefined, lng: number | null | undefined): boolean {
  if (lat === null || lat === undefined || lng === null || lng === undefined) return false;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return false;
  return coordinate(lat) !== '0.000000' && coordinate(lng) !== '0.000000';
}

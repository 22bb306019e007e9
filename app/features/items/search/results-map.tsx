import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { itemPath } from '../../../../contract/item-basics.ts';
import type { ItemCardView } from '../../../../contract/items.ts';
import type { LanguageCode } from '../../../../contract/language.ts';
import { formatItemPrice } from '../../../components/price.tsx';
import { Loader2 } from '../../../components/ui/icons.tsx';
import { isShownCoordinate } from '../../../components/ui/location-map.tsx';
import type { MapTileSource } from '../../../components/ui/location-map-leaflet.ts';
import type { MapItem, Point } from './radius-map-leaflet.ts';
import { mapFrameClass, mapNoteClass } from './results-map-frame.tsx';

/**
 * The results on a map: a pin for each loaded item that has a place (each pin's popup links to the item),
 * and the searched circle. This code and Leaflet load in the browser only, when this view is chosen.
 */
export function ResultsMap({
  items,
  circle,
  fallbackCenter,
  tiles,
}: {
  items: ItemCardView[];
  circle: (Point & { miles: number }) | null;
  fallbackCenter: Point;
  tiles: MapTileSource;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const language = i18n.language as LanguageCode;
  const mapItems = useMemo<MapItem[]>(
    () =>
      items.flatMap((item) =>
        item.lat !== null && item.lng !== null && isShownCoordinate(item.lat, item.lng)
          ? [
              {
                lat: item.lat,
                lng: item.lng,
                title: item.title,
                price: formatItemPrice(item, language),
                href: itemPath(item),
              },
            ]
          : [],
      ),
    [items, language],
  );
  const zoomIn = t('itemList.map.zoomIn');
  const zoomOut = t('itemList.map.zoomOut');
  const { url, attribution } = tiles;
  const circleKey = circle ? `${circle.lat},${circle.lng},${circle.miles}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: circleKey stands for the circle; navigate is stable.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let cancelled = false;
    let remove: (() => void) | null = null;
    setState('loading');
    import('./radius-map-leaflet.ts')
      .then(({ showResultsMap }) => {
        if (cancelled) return;
        remove = showResultsMap(element, {
          items: mapItems,
          circle,
          fallbackCenter,
          tiles: { url, attribution },
          zoomLabels: { zoomIn, zoomOut },
          onOpen: (href) => navigate(href),
        });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [mapItems, circleKey, url, attribution, zoomIn, zoomOut]);

  return (
    <section aria-label={t('itemList.map.label')} className="mt-4" data-testid="results-map-view">
      <div dir="ltr" className={mapFrameClass}>
        <div
          ref={box}
          data-testid="results-map"
          data-map-ready={state === 'ready' ? 'true' : 'false'}
          data-pins={mapItems.length}
          className="absolute inset-0 dark:[&_.leaflet-tile-pane]:[filter:brightness(0.8)_contrast(1.1)]"
        />
        {state !== 'ready' && (
          <p className={mapNoteClass}>
            {state === 'loading' && <Loader2 className="size-5 animate-spin" aria-hidden />}
            {state === 'loading' ? t('itemList.map.loading') : t('itemList.map.failed')}
          </p>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {mapItems.length > 0
          ? t('itemList.map.shown', { pins: mapItems.length, loaded: items.length })
          : t('itemList.map.none')}
      </p>
    </section>
  );
}

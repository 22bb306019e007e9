import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import type { MapTileSource } from '../../../components/ui/location-map-leaflet.ts';

/** Loaded only in the browser (a dynamic import when a map is shown): Leaflet reads `window` as it loads. */

export interface Point {
  lat: number;
  lng: number;
}

const METRES_PER_MILE = 1609.344;
const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 32" width="32" height="42" aria-hidden="true">' +
  '<path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="#1b625c"/>' +
  '<circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>';
const ITEM_PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 32" width="26" height="34" aria-hidden="true">' +
  '<path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="#c2410c"/>' +
  '<circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>';
const CIRCLE_STYLE = { color: '#1b625c', weight: 2, fillColor: '#1b625c', fillOpacity: 0.12 };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function baseMap(element: HTMLElement, center: Point, zoom: number, tiles: MapTileSource, zoomLabels: ZoomLabels) {
  const map = L.map(element, {
    center: [center.lat, center.lng],
    zoom,
    zoomSnap: 0.25,
    zoomControl: false,
    keyboard: true,
  });
  L.control.zoom({ zoomInTitle: zoomLabels.zoomIn, zoomOutTitle: zoomLabels.zoomOut }).addTo(map);
  map.attributionControl.setPrefix(false);
  L.tileLayer(tiles.url, { maxZoom: 19, attribution: escapeHtml(tiles.attribution) }).addTo(map);
  return map;
}

export interface ZoomLabels {
  zoomIn: string;
  zoomOut: string;
}

export interface RadiusPicker {
  setRadius(miles: number): void;
  /** Puts the pin at the centre of what the map shows (the keyboard's way to place it). */
  pinCenter(): void;
  remove(): void;
}

/**
 * The map circle filter: a draggable pin (or a tap on the map) and a circle of `miles` around it. The map
 * follows the circle, so the whole area stays in view.
 */
export function showRadiusPicker(
  element: HTMLElement,
  options: {
    pin: Point | null;
    center: Point;
    miles: number;
    tiles: MapTileSource;
    zoomLabels: ZoomLabels;
    pinLabel: string;
    onPin: (point: Point) => void;
  },
): RadiusPicker {
  const map = baseMap(element, options.pin ?? options.center, 11, options.tiles, options.zoomLabels);
  let miles = options.miles;
  let marker: L.Marker | null = null;
  let circle: L.Circle | null = null;
  const icon = L.divIcon({ html: PIN_SVG, className: '', iconSize: [32, 42], iconAnchor: [16, 42] });
  const fitView = () => {
    if (circle) map.fitBounds(circle.getBounds(), { padding: [16, 16], animate: false });
  };
  const place = (point: Point, follow: boolean) => {
    if (marker && circle) {
      marker.setLatLng([point.lat, point.lng]);
      circle.setLatLng([point.lat, point.lng]);
    } else {
      marker = L.marker([point.lat, point.lng], { icon, draggable: true, keyboard: false, title: options.pinLabel });
      marker.on('drag', () => {
        const at = marker?.getLatLng();
        if (at) circle?.setLatLng(at);
      });
      marker.on('dragend', () => {
        const at = marker?.getLatLng();
        if (at) options.onPin({ lat: at.lat, lng: at.lng });
      });
      marker.addTo(map);
      circle = L.circle([point.lat, point.lng], {
        ...CIRCLE_STYLE,
        radius: miles * METRES_PER_MILE,
        interactive: false,
      });
      circle.addTo(map);
    }
    if (follow) fitView();
    options.onPin(point);
  };
  if (options.pin) place(options.pin, true);
  map.on('click', (event: L.LeafletMouseEvent) => place({ lat: event.latlng.lat, lng: event.latlng.lng }, false));
  // The dialog animates in: measure the box again once it has its size.
  requestAnimationFrame(() => {
    map.invalidateSize();
    fitView();
  });
  return {
    setRadius(next) {
      miles = next;
      circle?.setRadius(miles * METRES_PER_MILE);
      fitView();
    },
    pinCenter() {
      const at = map.getCenter();
      place({ lat: at.lat, lng: at.lng }, true);
    },
    remove: () => map.remove(),
  };
}

/** An item on the results map: where, what (title and price) and its page. */
export interface MapItem {
  lat: number;
  lng: number;
  title: string;
  price: string;
  href: string;
}

/**
 * The results as pins (each opens a popup with the item's title, price and link; keyboard: Tab to a pin,
 * Enter opens it), with the searched circle when there is one. A link in a popup is followed by `onOpen`
 * (the app's own navigation), not by reloading the page.
 */
export function showResultsMap(
  element: HTMLElement,
  options: {
    items: MapItem[];
    circle: (Point & { miles: number }) | null;
    fallbackCenter: Point;
    tiles: MapTileSource;
    zoomLabels: ZoomLabels;
    onOpen: (href: string) => void;
  },
): () => void {
  const map = baseMap(element, options.fallbackCenter, 10, options.tiles, options.zoomLabels);
  const bounds = L.latLngBounds([]);
  const icon = L.divIcon({
    html: ITEM_PIN_SVG,
    className: '',
    iconSize: [26, 34],
    iconAnchor: [13, 34],
    popupAnchor: [0, -30],
  });
  for (const item of options.items) {
    const popup = document.createElement('div');
    popup.className = 'souk-map-popup';
    const link = document.createElement('a');
    link.href = item.href;
    link.textContent = item.title;
    link.dir = 'auto';
    link.className = 'font-semibold';
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      options.onOpen(item.href);
    });
    const price = document.createElement('p');
    price.textContent = item.price;
    price.dir = 'auto';
    popup.append(link, price);
    L.marker([item.lat, item.lng], { icon, title: item.title, alt: item.title, keyboard: true })
      .bindPopup(popup)
      .addTo(map);
    bounds.extend([item.lat, item.lng]);
  }
  if (options.circle) {
    const circle = L.circle([options.circle.lat, options.circle.lng], {
      ...CIRCLE_STYLE,
      radius: options.circle.miles * METRES_PER_MILE,
      interactive: false,
    }).addTo(map);
    bounds.extend(circle.getBounds());
  }
  const fitView = () => {
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [32, 32], maxZoom: 14, animate: false });
  };
  fitView();
  requestAnimationFrame(() => {
    map.invalidateSize();
    fitView();
  });
  return () => map.remove();
}

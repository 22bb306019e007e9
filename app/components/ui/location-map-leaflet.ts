import 'leaflet/dist/leaflet.css';
import L from 'leaflet';

/** A Leaflet tile URL template ({s}, {z}, {x}, {y}) and the credit the tile provider asks for. */
export interface MapTileSource {
  url: string;
  attribution: string;
}

const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 32" width="32" height="42" aria-hidden="true">' +
  '<path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="#1b625c"/>' +
  '<circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Draws a Leaflet map with one pin into `element` (loaded only in the browser, with Leaflet's stylesheet);
 * answers the function that removes it. The pin is an inline SVG, so no marker image files are needed.
 */
export function showPinMap(
  element: HTMLElement,
  options: {
    lat: number;
    lng: number;
    zoom: number;
    tiles: MapTileSource;
    /** The zoom buttons' names in the page's language. */
    zoomLabels: { zoomIn: string; zoomOut: string };
  },
): () => void {
  const center: L.LatLngExpression = [options.lat, options.lng];
  const map = L.map(element, { center, zoom: options.zoom, scrollWheelZoom: false, zoomControl: false });
  L.control.zoom({ zoomInTitle: options.zoomLabels.zoomIn, zoomOutTitle: options.zoomLabels.zoomOut }).addTo(map);
  map.attributionControl.setPrefix(false);
  L.tileLayer(options.tiles.url, { maxZoom: 19, attribution: escapeHtml(options.tiles.attribution) }).addTo(map);
  L.marker(center, {
    interactive: false,
    keyboard: false,
    icon: L.divIcon({ html: PIN_SVG, className: '', iconSize: [32, 42], iconAnchor: [16, 42] }),
  }).addTo(map);
  return () => map.remove();
}

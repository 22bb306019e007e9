import { type ItemListParam, MAP_SEARCH_RADIUS_MILES } from '../../../../contract/search-basics.ts';
import type { MapTileSource } from '../../../components/ui/location-map-leaflet.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import type { ItemListOptions, ListOption } from './item-list.server.ts';
import { type FilterValues, NAME_PARAM, SORT_PARAMS } from './list-filters.ts';
import type { MapArea } from './map-radius-dialog.tsx';

/** The fields of the panel, each named as its URL parameter (SPEC.md 2). */
export const PANEL_FIELDS = [
  'search_term',
  'cat_id',
  'sub_cat_id',
  'min_price',
  'max_price',
  'item_location_id',
  'item_location_township_id',
  'condition_of_item_id',
  'deal_option_id',
  'item_type_id',
  'item_price_type_id',
  'item_currency_id',
  'brand',
  'manufacturer_id',
  'model_id',
  'min_year',
  'max_year',
  'engine_status_id',
  'max_mileage',
  'seller_type_id',
  'vehicle_type_id',
  'body_style_id',
  'transmission_id',
  'fuel_type_id',
  'color_id',
  'is_sold_out',
  'isPaid',
  'lat',
  'lng',
  'mile',
] as const satisfies ItemListParam[];
export type PanelField = (typeof PANEL_FIELDS)[number];
/** What the panel's fields hold, as typed ('' for an empty field). */
export type PanelValues = Record<PanelField, string>;

/** Vehicle filters: shown for a vehicle category (or when one of them is set). */
const VEHICLE_FIELDS: readonly PanelField[] = [
  'manufacturer_id',
  'model_id',
  'min_year',
  'max_year',
  'engine_status_id',
  'max_mileage',
  'seller_type_id',
  'vehicle_type_id',
  'body_style_id',
  'transmission_id',
  'fuel_type_id',
  'color_id',
];

/** The field a choice empties when it changes: a category's subcategory, a city's township, a maker's model. */
const DEPENDENT_FIELD: Partial<Record<PanelField, PanelField>> = {
  cat_id: 'sub_cat_id',
  item_location_id: 'item_location_township_id',
  manufacturer_id: 'model_id',
};

/** Parameters the panel does not show but keeps (the order, a seller's list, the status filter). */
export const KEPT_PARAMS = [...SORT_PARAMS, 'addedUserId', 'status'] as const satisfies ItemListParam[];

/** Where the map opens with no pin and no city: the default centre (SPEC.md 9 leaves it open). */
export const DEFAULT_MAP_CENTER = { lat: 24.7136, lng: 46.6753 };

export interface FilterPanelData {
  values: FilterValues;
  /** Parameters set by the location chosen in the header (not by the address). */
  defaulted: readonly ItemListParam[];
  /** Forgets the chosen location (all locations), for a panel that no longer names a place. */
  onForgetLocation: () => Promise<void>;
  errors: FieldErrors;
  options: ItemListOptions;
  manufacturer: ListOption | null;
  mapTiles: MapTileSource;
}

/** The lists a chosen id is looked up in, for its name. */
export type ChoiceLists = Partial<Record<PanelField, ListOption[]>>;

export const panelValuesOf = (values: FilterValues): PanelValues =>
  Object.fromEntries(PANEL_FIELDS.map((field) => [field, values[field] ?? ''])) as PanelValues;

/** The panel with one field changed, and the field that depends on it emptied. */
export function withField(panel: PanelValues, field: PanelField, value: string): PanelValues {
  const next = { ...panel, [field]: value };
  const dependent = DEPENDENT_FIELD[field];
  if (dependent) next[dependent] = '';
  return next;
}

/** The panel with the map circle set, or removed (null). */
export function withArea(panel: PanelValues, area: MapArea | null): PanelValues {
  return area
    ? { ...panel, lat: String(area.lat), lng: String(area.lng), mile: String(area.miles) }
    : { ...panel, lat: '', lng: '', mile: '' };
}

/** The map circle the panel holds, when its numbers make one. */
export function areaOf(panel: PanelValues): MapArea | null {
  if (panel.lat === '' || panel.lng === '') return null;
  const area = { lat: Number(panel.lat), lng: Number(panel.lng), miles: Number(panel.mile || MAP_SEARCH_RADIUS_MILES) };
  return Number.isFinite(area.lat) && Number.isFinite(area.lng) && Number.isFinite(area.miles) ? area : null;
}

/** Whether the vehicle filters show: for a vehicle category, a manufacturer's list, or one of them already set. */
export function showsVehicleFields(
  panel: PanelValues,
  categories: ItemListOptions['categories'],
  manufacturer: ListOption | null,
): boolean {
  const category = categories.find((entry) => String(entry.id) === panel.cat_id);
  return (
    Boolean(category?.is_vehicle) ||
    Boolean(manufacturer) ||
    (!category && VEHICLE_FIELDS.some((field) => panel[field] !== ''))
  );
}

interface FilterContext {
  /** The list's filters now (the URL's): their hidden parameters are kept, their names reused. */
  values: FilterValues;
  showVehicle: boolean;
  lists: ChoiceLists;
}

/** The filters the panel asks for: its non-empty fields trimmed, with the names of the chosen entries. */
export function filtersOf(panel: PanelValues, { values, showVehicle, lists }: FilterContext): FilterValues {
  const next: FilterValues = {};
  for (const param of KEPT_PARAMS) if (values[param] !== undefined) next[param] = values[param];
  for (const field of PANEL_FIELDS) {
    const value = panel[field].trim();
    if (value === '' || (!showVehicle && VEHICLE_FIELDS.includes(field))) continue;
    next[field] = value;
    const nameParam = NAME_PARAM[field];
    const name = nameParam && choiceName(field, value, values, lists);
    if (nameParam && name) next[nameParam] = name;
  }
  return withoutUnusableOrder(next);
}

/** The name shown for a choice: from its list, or as the URL had it while a list is still loading. */
function choiceName(field: PanelField, value: string, values: FilterValues, lists: ChoiceLists) {
  const listed = lists[field]?.find((entry) => String(entry.id) === value)?.name;
  const nameParam = NAME_PARAM[field];
  const kept = nameParam && values[field] === value ? values[nameParam] : undefined;
  return listed ?? kept;
}

/** Best match needs words and nearest needs a pin: without them the list falls back to its default order. */
function withoutUnusableOrder(filters: FilterValues): FilterValues {
  const next = { ...filters };
  if (next.order_by === 'relevance' && !next.search_term) delete next.order_by;
  if (next.order_by === 'distance' && (!next.lat || !next.lng)) delete next.order_by;
  return next;
}

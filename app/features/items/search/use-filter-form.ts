import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LOCATION_FILTER_PARAMS } from '../../../../contract/location-basics.ts';
import type { ItemListParam } from '../../../../contract/search-basics.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { arrivedRules, formRules, useRulesAhead } from '../../../lib/form-rules.ts';
import {
  areaOf,
  type ChoiceLists,
  DEFAULT_MAP_CENTER,
  type FilterPanelData,
  filtersOf,
  type PanelField,
  type PanelValues,
  panelValuesOf,
  showsVehicleFields,
  withArea,
  withField,
} from './filter-panel.ts';
import type { ItemListOptions } from './item-list.server.ts';
import { type FilterValues, filterErrors } from './list-filters.ts';
import type { MapArea } from './map-radius-dialog.tsx';
import { useDependentLists } from './use-dependent-lists.ts';

/** The API's own rules for the filters (exported for the tests, which wait for them). */
export const searchRules = () => import('../../../../contract/search.ts').then((rules) => rules.itemSearchSchema);

export interface FilterFormSetup {
  data: FilterPanelData;
  /** The address of the list with these filters. */
  hrefFor: (values: FilterValues) => string;
  /** Called when the filters are accepted, before the list changes (a sheet closes). */
  onApplied?: () => void;
}

export type FilterFormState = ReturnType<typeof useFilterForm>;

/**
 * The state of the filter panel: the fields as typed (reset when the list's filters change), the lists that
 * follow a choice, and applying them: checked with the API's own schema (the problems shown, the first one
 * focused), then the list with only the non-empty filters and the names of the chosen entries.
 */
export function useFilterForm({ data, hrefFor, onApplied }: FilterFormSetup) {
  const { values, options, manufacturer } = data;
  const [form, setForm] = useState<PanelValues>(() => panelValuesOf(values));
  const [browserErrors, setBrowserErrors] = useState<FieldErrors | null>(null);
  useResetOnNewFilters(values, () => {
    setForm(panelValuesOf(values));
    setBrowserErrors(null);
  });
  const dependent = useDependentLists(form, values, options);
  const showVehicle = showsVehicleFields(form, options.categories, manufacturer);
  const showList = useShowList(data, hrefFor, onApplied);

  useRulesAhead(searchRules);
  const apply = (panel: PanelValues, formElement?: HTMLFormElement) => {
    const rules = arrivedRules(searchRules);
    if (rules === undefined) {
      void formRules(searchRules).then(() => apply(panel, formElement));
      return;
    }
    const next = filtersOf(panel, { values, showVehicle, lists: choiceLists(options, dependent) });
    // Without its rules (they could not be loaded) the list's own check of its address answers.
    const parsed = rules?.safeParse(next) ?? { success: true as const };
    if (parsed.success) {
      setBrowserErrors(null);
      showList(next);
      return;
    }
    const found = filterErrors(parsed.error);
    setBrowserErrors(found);
    focusFirstProblem(formElement, found);
  };
  const setAndApply = (next: PanelValues) => {
    setForm(next);
    apply(next);
  };
  const area = areaOf(form);

  return {
    form,
    errors: browserErrors ?? data.errors,
    ...dependent,
    showVehicle,
    area,
    mapCenter: area ?? cityCenter(options, form.item_location_id) ?? DEFAULT_MAP_CENTER,
    setField: (field: PanelField, value: string) => setForm((current) => withField(current, field, value)),
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      apply(form, event.currentTarget);
    },
    /** The map dialog sets or removes its circle and applies the filters at once. */
    applyArea: (chosen: MapArea) => setAndApply(withArea(form, chosen)),
    removeArea: () => setAndApply(withArea(form, null)),
  };
}

/** Runs `reset` when the list's filters change (a new address), not on every render. */
function useResetOnNewFilters(values: FilterValues, reset: () => void) {
  const valuesKey = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for the values.
  useEffect(reset, [valuesKey]);
}

/** Goes to the list with the accepted filters, forgetting the header's location when the panel took it away. */
function useShowList(data: FilterPanelData, hrefFor: FilterFormSetup['hrefFor'], onApplied?: () => void) {
  const navigate = useNavigate();
  return (filters: FilterValues) => {
    onApplied?.();
    const href = hrefFor(filters);
    // The place came from the header's choice and the person took it away: all locations from now on.
    if (forgetsChosenLocation(data.defaulted, filters)) {
      void data.onForgetLocation().then(() => navigate(href));
    } else {
      navigate(href);
    }
  };
}

const forgetsChosenLocation = (defaulted: readonly ItemListParam[], filters: FilterValues) =>
  defaulted.length > 0 && !LOCATION_FILTER_PARAMS.some((param) => filters[param] !== undefined);

function choiceLists(options: ItemListOptions, dependent: ReturnType<typeof useDependentLists>): ChoiceLists {
  return {
    cat_id: options.categories,
    sub_cat_id: dependent.subcategories.options,
    item_type_id: options.item_types,
    item_price_type_id: options.price_types,
    deal_option_id: options.deal_options,
    item_location_id: options.locations,
    item_location_township_id: dependent.townships.options,
    condition_of_item_id: options.conditions,
    engine_status_id: options.engine_statuses,
    manufacturer_id: options.manufacturers,
    model_id: dependent.models.options,
    seller_type_id: options.seller_types,
    vehicle_type_id: options.vehicle_types,
    body_style_id: options.body_styles,
    transmission_id: options.transmissions,
    fuel_type_id: options.fuel_types,
    color_id: options.colors,
  };
}

function cityCenter(options: ItemListOptions, locationId: string) {
  const city = options.locations.find((entry) => String(entry.id) === locationId);
  return city ? { lat: city.lat, lng: city.lng } : undefined;
}

/** Keyboard and screen-reader users land on the first problem, once it is marked. */
function focusFirstProblem(formElement: HTMLFormElement | undefined, errors: FieldErrors) {
  const first = formElement?.elements.namedItem(Object.keys(errors)[0] ?? '');
  if (first instanceof HTMLElement) requestAnimationFrame(() => first.focus());
}

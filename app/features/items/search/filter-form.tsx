import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LOCATION_FILTER_PARAMS } from '../../../../contract/location-choice.ts';
import type { Model, Township } from '../../../../contract/lookups.ts';
import { MAX_PAGE_SIZE } from '../../../../contract/paging.ts';
import { type ItemListParam, itemSearchSchema, MAP_SEARCH_RADIUS_MILES } from '../../../../contract/search.ts';
import { FieldError, inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/ui/form.tsx';
import { MapPin, Search } from '../../../components/ui/icons.tsx';
import type { MapTileSource } from '../../../components/ui/location-map-leaflet.ts';
import { apiGet } from '../../../lib/api-client.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import type { ItemListOptions, ListOption } from './item-list.server.ts';
import { type FilterValues, FORM_ERROR, filterErrors, NAME_PARAM, SORT_PARAMS, sortOnly } from './list-filters.ts';
import { type MapArea, MapRadiusDialog } from './map-radius-dialog.tsx';

/** The fields of the panel, each named as its URL parameter (SPEC.md 2). */
const PANEL_FIELDS = [
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
  'is_sold_out',
  'isPaid',
  'lat',
  'lng',
  'mile',
] as const satisfies ItemListParam[];
type PanelField = (typeof PANEL_FIELDS)[number];
type PanelValues = Record<PanelField, string>;

/** Vehicle filters: shown for a vehicle category (or when one of them is set). */
const VEHICLE_FIELDS = [
  'manufacturer_id',
  'model_id',
  'min_year',
  'max_year',
  'engine_status_id',
  'max_mileage',
  'seller_type_id',
] as const satisfies PanelField[];

/** Parameters the panel does not show but keeps (the order, a seller's list, the status filter). */
const KEPT_PARAMS = [...SORT_PARAMS, 'addedUserId', 'status'] as const satisfies ItemListParam[];

/** Where the map opens with no pin and no city: the default centre (SPEC.md 9 leaves it open). */
export const DEFAULT_MAP_CENTER = { lat: 24.7136, lng: 46.6753 };

const panelValuesOf = (values: FilterValues): PanelValues =>
  Object.fromEntries(PANEL_FIELDS.map((field) => [field, values[field] ?? ''])) as PanelValues;

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

/** A list that depends on another choice, loaded for it; the page's own list (server) when it matches. */
function useChildOptions<T>(
  path: string | null,
  toOption: (row: T) => ListOption,
  initial: { path: string | null; options: ListOption[] },
) {
  const { i18n } = useTranslation();
  const [state, setState] = useState<{
    path: string | null;
    status: 'ready' | 'loading' | 'failed';
    options: ListOption[];
  }>({ path: initial.path, status: 'ready', options: initial.options });
  const [attempt, setAttempt] = useState(0);
  const known = state.path === path && state.status === 'ready';
  // biome-ignore lint/correctness/useExhaustiveDependencies: toOption is a fresh function on every render; attempt asks again.
  useEffect(() => {
    if (!path || known) return;
    const controller = new AbortController();
    setState((previous) => ({ path, status: 'loading', options: previous.path === path ? previous.options : [] }));
    apiGet<{ items: T[] }>(path, { limit: MAX_PAGE_SIZE, lang: i18n.language }, { signal: controller.signal })
      .then((page) => setState({ path, status: 'ready', options: page.items.map(toOption) }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ path, status: 'failed', options: [] });
      });
    return () => controller.abort();
  }, [path, i18n.language, attempt]);
  if (!path) return { status: 'ready' as const, options: [], retry: () => {} };
  return {
    status: state.path === path ? state.status : ('loading' as const),
    options: state.path === path ? state.options : [],
    retry: () => setAttempt((value) => value + 1),
  };
}

/**
 * The filter panel: one GET form whose fields carry the URL's parameter names, so it works without JavaScript
 * (the page tidies the empty fields away); with JavaScript it checks the values with the API's own schema, adds
 * the names of the chosen entries (cat_name, …) and navigates to the list with only the non-empty filters.
 */
export function FilterForm({
  idPrefix,
  data,
  action,
  hrefFor,
  onApplied,
  footer = 'inline',
}: {
  idPrefix: string;
  data: FilterPanelData;
  /** The path the form sends its fields to (the list's own address). */
  action: string;
  /** The address of the list with these filters. */
  hrefFor: (values: FilterValues) => string;
  onApplied?: () => void;
  /** Where the buttons go: under the fields, or stuck to the bottom of a sheet. */
  footer?: 'inline' | 'sticky';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { values, options, manufacturer, mapTiles } = data;
  const [form, setForm] = useState<PanelValues>(() => panelValuesOf(values));
  const [browserErrors, setBrowserErrors] = useState<FieldErrors | null>(null);
  const valuesKey = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for the values.
  useEffect(() => {
    setForm(panelValuesOf(values));
    setBrowserErrors(null);
  }, [valuesKey]);
  const errors = browserErrors ?? data.errors;
  const set = (field: PanelField, value: string) =>
    setForm((current) => {
      const next = { ...current, [field]: value };
      if (field === 'cat_id') next.sub_cat_id = '';
      if (field === 'item_location_id') next.item_location_township_id = '';
      if (field === 'manufacturer_id') next.model_id = '';
      return next;
    });

  const subcategories = useChildOptions<{ id: number; name: string }>(
    form.cat_id ? `/api/v1/categories/${encodeURIComponent(form.cat_id)}/subcategories` : null,
    (row) => ({ id: row.id, name: row.name }),
    {
      path: values.cat_id ? `/api/v1/categories/${encodeURIComponent(values.cat_id)}/subcategories` : null,
      options: options.subcategories,
    },
  );
  const townships = useChildOptions<Township>(
    form.item_location_id ? `/api/v1/locations/${encodeURIComponent(form.item_location_id)}/townships` : null,
    (row) => ({ id: row.id, name: row.township_name }),
    { path: null, options: [] },
  );
  const models = useChildOptions<Model>(
    form.manufacturer_id ? `/api/v1/manufacturers/${encodeURIComponent(form.manufacturer_id)}/models` : null,
    (row) => ({ id: row.id, name: row.name }),
    { path: null, options: [] },
  );

  const category = options.categories.find((entry) => String(entry.id) === form.cat_id);
  const showVehicle =
    Boolean(category?.is_vehicle) ||
    Boolean(manufacturer) ||
    (!category && VEHICLE_FIELDS.some((field) => form[field] !== ''));
  const city = options.locations.find((entry) => String(entry.id) === form.item_location_id);
  const area = areaOf(form);

  /** The lists a chosen id is looked up in, for its name. */
  const listOf: Partial<Record<PanelField, ListOption[]>> = {
    cat_id: options.categories,
    sub_cat_id: subcategories.options,
    item_type_id: options.item_types,
    item_price_type_id: options.price_types,
    deal_option_id: options.deal_options,
    item_location_id: options.locations,
    item_location_township_id: townships.options,
    condition_of_item_id: options.conditions,
    engine_status_id: options.engine_statuses,
    manufacturer_id: options.manufacturers,
    model_id: models.options,
    seller_type_id: options.seller_types,
  };

  const filtersOf = (panel: PanelValues): FilterValues => {
    const next: FilterValues = {};
    for (const param of KEPT_PARAMS) if (values[param] !== undefined) next[param] = values[param];
    for (const field of PANEL_FIELDS) {
      const value = panel[field].trim();
      if (value === '' || (!showVehicle && (VEHICLE_FIELDS as readonly string[]).includes(field))) continue;
      next[field] = value;
      const nameParam = NAME_PARAM[field];
      if (!nameParam) continue;
      // The name shown for the choice: from its list, or as the URL had it while a list is still loading.
      const name = listOf[field]?.find((entry) => String(entry.id) === value)?.name;
      const kept = values[field] === value ? values[nameParam] : undefined;
      if (name ?? kept) next[nameParam] = name ?? kept;
    }
    // Best match needs words and nearest needs a pin: without them the list falls back to its default order.
    if (next.order_by === 'relevance' && !next.search_term) delete next.order_by;
    if (next.order_by === 'distance' && (!next.lat || !next.lng)) delete next.order_by;
    return next;
  };

  const apply = (panel: PanelValues, event?: FormEvent<HTMLFormElement>) => {
    const next = filtersOf(panel);
    const parsed = itemSearchSchema.safeParse(next);
    if (!parsed.success) {
      const found = filterErrors(parsed.error);
      setBrowserErrors(found);
      const first = event?.currentTarget.elements.namedItem(Object.keys(found)[0] ?? '');
      if (first instanceof HTMLElement) requestAnimationFrame(() => first.focus());
      return;
    }
    setBrowserErrors(null);
    onApplied?.();
    const href = hrefFor(next);
    // The place came from the header's choice and the person took it away: all locations from now on.
    if (data.defaulted.length > 0 && !LOCATION_FILTER_PARAMS.some((param) => next[param] !== undefined)) {
      void data.onForgetLocation().then(() => navigate(href));
    } else {
      navigate(href);
    }
  };

  const field = (name: PanelField) => ({
    idPrefix,
    name,
    value: form[name],
    onValue: (value: string) => set(name, value),
    errors,
  });

  return (
    <form
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        apply(form, event);
      }}
      className="flex flex-col gap-4"
      data-testid={`${idPrefix}-filters`}
      noValidate
    >
      {KEPT_PARAMS.map((param) =>
        values[param] === undefined ? null : <input key={param} type="hidden" name={param} value={values[param]} />,
      )}
      <FormErrorNote errors={errors} />
      <TextFilter
        {...field('search_term')}
        label={t('itemList.filters.searchTerm')}
        type="search"
        enterKeyHint="search"
      />
      <SelectFilter
        {...field('cat_id')}
        label={t('itemList.filters.category')}
        options={options.categories}
        anyLabel={t('itemList.filters.anyCategory')}
      />
      <SelectFilter
        {...field('sub_cat_id')}
        label={t('itemList.filters.subcategory')}
        options={subcategories.options}
        fallback={{ id: values.sub_cat_id, name: values.sub_cat_name }}
        disabled={!form.cat_id}
        loading={subcategories.status === 'loading'}
        failed={subcategories.status === 'failed'}
        onRetry={subcategories.retry}
        anyLabel={form.cat_id ? t('itemList.filters.any') : t('itemList.filters.chooseCategoryFirst')}
      />
      <RangeFilter
        legend={t('itemList.filters.price')}
        min={{ ...field('min_price'), label: t('itemList.filters.minPrice') }}
        max={{ ...field('max_price'), label: t('itemList.filters.maxPrice') }}
        errors={errors}
        idPrefix={idPrefix}
      />
      <SelectFilter
        {...field('item_location_id')}
        label={t('itemList.filters.location')}
        options={options.locations}
        anyLabel={t('itemList.filters.anyLocation')}
      />
      <SelectFilter
        {...field('item_location_township_id')}
        label={t('itemList.filters.township')}
        options={townships.options}
        fallback={{ id: values.item_location_township_id, name: values.item_location_township_name }}
        disabled={!form.item_location_id}
        loading={townships.status === 'loading'}
        failed={townships.status === 'failed'}
        onRetry={townships.retry}
        anyLabel={form.item_location_id ? t('itemList.filters.any') : t('itemList.filters.chooseLocationFirst')}
      />
      <MapAreaField
        idPrefix={idPrefix}
        area={area}
        center={area ?? (city ? { lat: city.lat, lng: city.lng } : DEFAULT_MAP_CENTER)}
        tiles={mapTiles}
        errors={errors}
        onApply={(chosen) => {
          const next = { ...form, lat: String(chosen.lat), lng: String(chosen.lng), mile: String(chosen.miles) };
          setForm(next);
          apply(next);
        }}
        onRemove={() => {
          const next = { ...form, lat: '', lng: '', mile: '' };
          setForm(next);
          apply(next);
        }}
      />
      <SelectFilter
        {...field('condition_of_item_id')}
        label={t('itemList.filters.condition')}
        options={options.conditions}
      />
      <SelectFilter
        {...field('deal_option_id')}
        label={t('itemList.filters.dealOption')}
        options={options.deal_options}
      />
      <SelectFilter {...field('item_type_id')} label={t('itemList.filters.itemType')} options={options.item_types} />
      <SelectFilter
        {...field('item_price_type_id')}
        label={t('itemList.filters.priceType')}
        options={options.price_types}
      />
      <SelectFilter
        {...field('item_currency_id')}
        label={t('itemList.filters.currency')}
        options={options.currencies}
      />
      <TextFilter {...field('brand')} label={t('itemList.filters.brand')} maxLength={60} />
      {showVehicle && (
        <fieldset className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-bold">{t('itemList.filters.vehicle')}</legend>
          <SelectFilter
            {...field('manufacturer_id')}
            label={t('itemList.filters.manufacturer')}
            options={options.manufacturers}
          />
          <SelectFilter
            {...field('model_id')}
            label={t('itemList.filters.model')}
            options={models.options}
            fallback={{ id: values.model_id, name: values.model_name }}
            disabled={!form.manufacturer_id}
            loading={models.status === 'loading'}
            failed={models.status === 'failed'}
            onRetry={models.retry}
            anyLabel={form.manufacturer_id ? t('itemList.filters.any') : t('itemList.filters.chooseManufacturerFirst')}
          />
          <RangeFilter
            legend={t('itemList.filters.year')}
            min={{ ...field('min_year'), label: t('itemList.filters.minYear') }}
            max={{ ...field('max_year'), label: t('itemList.filters.maxYear') }}
            errors={errors}
            idPrefix={idPrefix}
            whole
          />
          <SelectFilter
            {...field('engine_status_id')}
            label={t('itemList.filters.engineStatus')}
            options={options.engine_statuses}
          />
          <TextFilter
            {...field('max_mileage')}
            label={t('itemList.filters.maxMileage')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
          />
          <SelectFilter
            {...field('seller_type_id')}
            label={t('itemList.filters.sellerType')}
            options={options.seller_types}
          />
        </fieldset>
      )}
      <RadioFilter
        {...field('is_sold_out')}
        legend={t('itemList.filters.soldOut')}
        choices={[
          { value: '', label: t('itemList.filters.soldShow') },
          { value: '1', label: t('itemList.filters.soldOnly') },
          { value: '0', label: t('itemList.filters.soldHide') },
        ]}
      />
      <RadioFilter
        {...field('isPaid')}
        legend={t('itemList.filters.paid')}
        choices={[
          { value: '', label: t('itemList.filters.paidAll') },
          { value: 'paid_item_first', label: t('itemList.filters.paidFirst') },
          { value: 'only_paid_item', label: t('itemList.filters.paidOnly') },
        ]}
      />
      <div
        className={
          footer === 'sticky'
            ? 'sticky bottom-0 -mx-5 flex flex-col gap-2 border-t border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900'
            : 'flex flex-col gap-2'
        }
      >
        <button type="submit" className={primaryButtonClass} data-testid={`${idPrefix}-apply`}>
          <Search className="size-5" aria-hidden />
          {t('itemList.filters.apply')}
        </button>
        <Link to={hrefFor(sortOnly(values))} className={`${secondaryButtonClass} w-full`} onClick={() => onApplied?.()}>
          {t('itemList.clearFilters')}
        </Link>
      </div>
    </form>
  );
}

const areaOf = (form: PanelValues): MapArea | null => {
  if (form.lat === '' || form.lng === '') return null;
  const area = { lat: Number(form.lat), lng: Number(form.lng), miles: Number(form.mile || MAP_SEARCH_RADIUS_MILES) };
  return Number.isFinite(area.lat) && Number.isFinite(area.lng) && Number.isFinite(area.miles) ? area : null;
};

/** A message about the list as a whole (the search refused the filters). */
function FormErrorNote({ errors }: { errors: FieldErrors }) {
  const { t } = useTranslation();
  const key = errors[FORM_ERROR];
  if (!key) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {(t as unknown as (key: string) => string)(key)}
    </p>
  );
}

interface FieldWiring {
  idPrefix: string;
  name: PanelField;
  value: string;
  onValue: (value: string) => void;
  errors: FieldErrors;
}

const idOf = (idPrefix: string, name: string) => `${idPrefix}-${name}`;

function wiring(idPrefix: string, name: string, errors: FieldErrors) {
  const id = idOf(idPrefix, name);
  return { id, 'aria-invalid': Boolean(errors[name]), 'aria-describedby': errors[name] ? `${id}-error` : undefined };
}

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold">
      {children}
    </label>
  );
}

function TextFilter({
  idPrefix,
  name,
  value,
  onValue,
  errors,
  label,
  ...input
}: FieldWiring & { label: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'name' | 'onChange'>) {
  const wired = wiring(idPrefix, name, errors);
  return (
    <div>
      <Label htmlFor={wired.id}>{label}</Label>
      <input
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...wired}
        {...input}
        className={inputClass}
      />
      <FieldError id={`${wired.id}-error`} messageKey={errors[name]} field={label} />
    </div>
  );
}

function SelectFilter({
  idPrefix,
  name,
  value,
  onValue,
  errors,
  label,
  options,
  anyLabel,
  fallback,
  disabled,
  loading,
  failed,
  onRetry,
}: FieldWiring & {
  label: string;
  options: ListOption[];
  anyLabel?: string;
  /** The choice the URL names while its list is not loaded (a township before its city's list arrives). */
  fallback?: { id: string | undefined; name: string | undefined };
  disabled?: boolean;
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const wired = wiring(idPrefix, name, errors);
  const shown =
    value !== '' && !options.some((entry) => String(entry.id) === value) && fallback?.id === value
      ? [{ id: Number(value), name: fallback.name ?? label }, ...options]
      : options;
  return (
    <div>
      <Label htmlFor={wired.id}>{label}</Label>
      <select
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        disabled={disabled}
        aria-busy={loading || undefined}
        {...wired}
        className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 dark:disabled:bg-slate-800 dark:disabled:text-slate-400`}
      >
        <option value="">
          {loading && shown.length === 0 ? t('itemList.filters.loading') : (anyLabel ?? t('itemList.filters.any'))}
        </option>
        {shown.map((entry) => (
          <option key={entry.id} value={String(entry.id)}>
            {entry.name}
          </option>
        ))}
      </select>
      {failed && (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
          {t('itemList.filters.listFailed')}
          <button type="button" onClick={onRetry} className="font-semibold underline">
            {t('errors.retry')}
          </button>
        </p>
      )}
      <FieldError id={`${wired.id}-error`} messageKey={errors[name]} field={label} />
    </div>
  );
}

/** Two numbers of one range (price, year) side by side, under one legend. */
function RangeFilter({
  legend,
  min,
  max,
  errors,
  idPrefix,
  whole = false,
}: {
  legend: string;
  min: FieldWiring & { label: string };
  max: FieldWiring & { label: string };
  errors: FieldErrors;
  idPrefix: string;
  whole?: boolean;
}) {
  const error = errors[max.name] ?? errors[min.name];
  const errorId = idOf(idPrefix, `${min.name}-range-error`);
  const input = (part: FieldWiring & { label: string }) => {
    const id = idOf(idPrefix, part.name);
    return (
      <div>
        <label htmlFor={id} className="text-xs font-semibold text-slate-700 dark:text-slate-300">
          {part.label}
        </label>
        <input
          id={id}
          name={part.name}
          type="number"
          inputMode={whole ? 'numeric' : 'decimal'}
          min={0}
          step={whole ? 1 : 'any'}
          value={part.value}
          onChange={(event) => part.onValue(event.target.value)}
          aria-invalid={Boolean(errors[part.name])}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
      </div>
    );
  };
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {input(min)}
        {input(max)}
      </div>
      <FieldError id={errorId} messageKey={error} field={legend} />
    </fieldset>
  );
}

function RadioFilter({
  idPrefix,
  name,
  value,
  onValue,
  legend,
  choices,
}: FieldWiring & { legend: string; choices: Array<{ value: string; label: string }> }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {choices.map((choice) => {
          const id = idOf(idPrefix, `${name}-${choice.value || 'any'}`);
          return (
            <div key={choice.value}>
              <input
                id={id}
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onValue(choice.value)}
                className="peer sr-only"
              />
              <label
                htmlFor={id}
                className="inline-flex cursor-pointer items-center rounded-full border border-slate-300 px-3 py-1.5 text-sm peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:font-semibold peer-checked:text-brand-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 dark:border-slate-600 dark:peer-checked:border-brand-400 dark:peer-checked:bg-brand-900 dark:peer-checked:text-brand-100"
              >
                {choice.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The map circle: what is set, and the button that opens the map dialog; the values travel as hidden fields. */
function MapAreaField({
  idPrefix,
  area,
  center,
  tiles,
  errors,
  onApply,
  onRemove,
}: {
  idPrefix: string;
  area: MapArea | null;
  center: { lat: number; lng: number };
  tiles: MapTileSource;
  errors: FieldErrors;
  onApply: (area: MapArea) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const summaryId = idOf(idPrefix, 'map-summary');
  const error = errors.lat ?? errors.lng ?? errors.mile;
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t('itemList.filters.map')}</legend>
      {area && (
        <>
          <input type="hidden" name="lat" value={area.lat} />
          <input type="hidden" name="lng" value={area.lng} />
          <input type="hidden" name="mile" value={area.miles} />
        </>
      )}
      <p id={summaryId} className="mt-1 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
        <MapPin className="size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden />
        {area ? t('itemList.filters.mapSet', { miles: area.miles }) : t('itemList.filters.mapNone')}
      </p>
      <MapRadiusDialog
        value={area}
        center={center}
        tiles={tiles}
        onApply={onApply}
        onRemove={onRemove}
        trigger={
          <button
            type="button"
            className={`${secondaryButtonClass} mt-2 w-full text-sm`}
            aria-describedby={summaryId}
            data-testid={`${idPrefix}-map-open`}
          >
            <MapPin className="size-4" aria-hidden />
            {area ? t('itemList.filters.mapChange') : t('itemList.filters.mapChoose')}
          </button>
        }
      />
      <FieldError id={idOf(idPrefix, 'map-error')} messageKey={error} field={t('itemList.filters.map')} />
    </fieldset>
  );
}

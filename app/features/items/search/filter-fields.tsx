import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, inputClass } from '../../../components/ui/form.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import type { FilterPanelData, PanelField } from './filter-panel.ts';
import type { ListOption } from './item-list.server.ts';
import { FORM_ERROR } from './list-filters.ts';
import type { FilterFormState } from './use-filter-form.ts';

/** What ties a control to its panel field: its id, value, setter and error. */
export interface FieldWiring {
  idPrefix: string;
  name: PanelField;
  value: string;
  onValue: (value: string) => void;
  errors: FieldErrors;
}

/** The wiring of the panel's fields, by name. */
export const fieldWiring =
  (filter: FilterFormState, idPrefix: string) =>
  (name: PanelField): FieldWiring => ({
    idPrefix,
    name,
    value: filter.form[name],
    onValue: (value: string) => filter.setField(name, value),
    errors: filter.errors,
  });

export const idOf = (idPrefix: string, name: string) => `${idPrefix}-${name}`;

function wiring(idPrefix: string, name: string, errors: FieldErrors) {
  const id = idOf(idPrefix, name);
  return { id, 'aria-invalid': Boolean(errors[name]), 'aria-describedby': errors[name] ? `${id}-error` : undefined };
}

/** A message about the list as a whole (the search refused the filters). */
export function FormErrorNote({ errors }: { errors: FieldErrors }) {
  const { t } = useTranslation();
  const key = errors[FORM_ERROR];
  if (!key) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {(t as unknown as (key: string) => string)(key)}
    </p>
  );
}

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold">
      {children}
    </label>
  );
}

export function TextFilter({
  idPrefix,
  name,
  value,
  onValue,
  errors,
  label,
  ...input
}: FieldWiring & { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'name' | 'onChange'>) {
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

/** The choice the URL names while its list is not loaded (a township before its city's list arrives). */
type Fallback = { id: string | undefined; name: string | undefined };

/** The entries to offer: the list, led by the URL's choice while the list does not hold it yet. */
function withFallback(options: ListOption[], value: string, fallback: Fallback | undefined, label: string) {
  const missing = value !== '' && !options.some((entry) => String(entry.id) === value);
  return missing && fallback?.id === value
    ? [{ id: Number(value), name: fallback.name ?? label }, ...options]
    : options;
}

export function SelectFilter({
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
  fallback?: Fallback;
  disabled?: boolean;
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const wired = wiring(idPrefix, name, errors);
  const shown = withFallback(options, value, fallback, label);
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
      {failed && <ListFailed onRetry={onRetry} />}
      <FieldError id={`${wired.id}-error`} messageKey={errors[name]} field={label} />
    </div>
  );
}

/** A list that could not load, with a way to ask again. */
function ListFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
      {t('itemList.filters.listFailed')}
      <button type="button" onClick={onRetry} className="font-semibold underline">
        {t('errors.retry')}
      </button>
    </p>
  );
}

type RangeEnd = FieldWiring & { label: string };

/** Two numbers of one range (price, year) side by side, under one legend and one message. */
export function RangeFilter({
  legend,
  min,
  max,
  whole = false,
}: {
  legend: string;
  min: RangeEnd;
  max: RangeEnd;
  /** Whole numbers only (years). */
  whole?: boolean;
}) {
  const error = min.errors[max.name] ?? min.errors[min.name];
  const errorId = idOf(min.idPrefix, `${min.name}-range-error`);
  const describedBy = error ? errorId : undefined;
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        <RangeInput end={min} whole={whole} describedBy={describedBy} />
        <RangeInput end={max} whole={whole} describedBy={describedBy} />
      </div>
      <FieldError id={errorId} messageKey={error} field={legend} />
    </fieldset>
  );
}

function RangeInput({ end, whole, describedBy }: { end: RangeEnd; whole: boolean; describedBy: string | undefined }) {
  const id = idOf(end.idPrefix, end.name);
  return (
    <div>
      <label htmlFor={id} className="text-xs font-semibold text-slate-700 dark:text-slate-300">
        {end.label}
      </label>
      <input
        id={id}
        name={end.name}
        type="number"
        inputMode={whole ? 'numeric' : 'decimal'}
        min={0}
        step={whole ? 1 : 'any'}
        value={end.value}
        onChange={(event) => end.onValue(event.target.value)}
        aria-invalid={Boolean(end.errors[end.name])}
        aria-describedby={describedBy}
        className={inputClass}
      />
    </div>
  );
}

export function RadioFilter({
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

/** What each section of the panel gets: the form's state, its ids' prefix and the page's lists. */
export interface FilterSectionProps {
  filter: FilterFormState;
  idPrefix: string;
  data: FilterPanelData;
}

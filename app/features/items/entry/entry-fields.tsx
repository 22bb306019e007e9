import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lookup } from '../../../../contract/lookups.ts';
import { FieldError, inputClass } from '../../../components/ui/form.tsx';
import { translateKey } from '../../../i18n/i18n.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import type { EntryValues, TextField as FieldName } from './entry-values.ts';

/** Ids of a field's control, hint and error: `entry-<name>`. */
export const fieldId = (name: string) => `entry-${name}`;

/** The translated label of a form field (forms: fields.<name>). */
export function useFieldLabel() {
  const { t } = useTranslation();
  return (name: string) => translateKey(t, `fields.${name}`);
}

/** What a group of fields of the form gets: the values, the change of one, and the messages. */
export interface EntryFieldsProps {
  values: EntryValues;
  set: (field: FieldName, value: string) => void;
  errors: FieldErrors;
}

/** The props that tie a field's control to the form: its name, label, value, change and messages. */
export function useFieldBinding({ values, set, errors }: EntryFieldsProps) {
  const label = useFieldLabel();
  return (name: FieldName) => ({
    name,
    label: label(name),
    value: values[name],
    onValue: (value: string) => set(name, value),
    errors,
  });
}

interface Wiring {
  name: string;
  errors: FieldErrors;
  hint?: string | undefined;
}

/** aria-invalid and aria-describedby of a control, from its hint and its error. */
export function describedBy({ name, errors, hint }: Wiring) {
  const id = fieldId(name);
  const ids = [hint ? `${id}-hint` : '', errors[name] ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': Boolean(errors[name]), 'aria-describedby': ids || undefined };
}

function Label({ name, label, optional }: { name: string; label: string; optional?: boolean | undefined }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={fieldId(name)} className="text-sm font-semibold">
      {label}
      {optional && (
        <span className="ms-1 font-normal text-slate-500 dark:text-slate-400">({t('itemEntry.optional')})</span>
      )}
    </label>
  );
}

export function Hint({ name, hint }: { name: string; hint?: string | undefined }) {
  if (!hint) return null;
  return (
    <p id={`${fieldId(name)}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      {hint}
    </p>
  );
}

export function ErrorOf({ name, errors, label }: { name: string; errors: FieldErrors; label: string }) {
  return <FieldError id={`${fieldId(name)}-error`} messageKey={errors[name]} field={label} />;
}

export interface Option {
  value: string;
  label: string;
}

export const lookupOptions = (rows: Lookup[]): Option[] =>
  rows.map((row) => ({ value: String(row.id), label: row.name }));

/** A labelled drop-down with a "Choose…" first entry (or a reason it cannot be used yet). */
export function SelectField({
  name,
  label,
  value,
  onValue,
  options,
  errors,
  hint,
  optional,
  placeholder,
  ...select
}: Wiring & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: Option[];
  optional?: boolean;
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'name'>) {
  const { t } = useTranslation();
  return (
    <div>
      <Label name={name} label={label} optional={optional} />
      <select
        id={fieldId(name)}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy({ name, errors, hint })}
        {...select}
        className={`${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 dark:disabled:bg-slate-800 dark:disabled:text-slate-400`}
      >
        <option value="">{placeholder ?? t('itemEntry.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint name={name} hint={hint} />
      <ErrorOf name={name} errors={errors} label={label} />
    </div>
  );
}

export function TextField({
  name,
  label,
  value,
  onValue,
  errors,
  hint,
  optional,
  suffix,
  ...input
}: Wiring & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  optional?: boolean;
  suffix?: ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'>) {
  return (
    <div>
      <Label name={name} label={label} optional={optional} />
      <input
        id={fieldId(name)}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy({ name, errors, hint })}
        {...input}
        className={inputClass}
      />
      {suffix}
      <Hint name={name} hint={hint} />
      <ErrorOf name={name} errors={errors} label={label} />
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  value,
  onValue,
  errors,
  hint,
  optional,
  ...area
}: Wiring & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  optional?: boolean;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'name'>) {
  return (
    <div>
      <Label name={name} label={label} optional={optional} />
      <textarea
        id={fieldId(name)}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy({ name, errors, hint })}
        {...area}
        className={inputClass}
      />
      <Hint name={name} hint={hint} />
      <ErrorOf name={name} errors={errors} label={label} />
    </div>
  );
}

/** A section of the form with its heading. */
export function EntrySection({
  id,
  title,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  /** Spans both columns on wide screens. */
  wide?: boolean;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-3xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900 ${wide ? 'lg:col-span-2' : ''}`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

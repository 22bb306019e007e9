import { type FormEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../i18n/i18n.ts';
import { type FieldErrors, fieldErrors } from '../../lib/form-errors.ts';
import { arrivedRules, formRules, type RulesLoader, useRulesAhead } from '../../lib/form-rules.ts';
import { inputClass, primaryButtonClass } from './form-classes.ts';
import { Eye, EyeOff, Loader2 } from './icons.tsx';

export { inputClass, primaryButtonClass, secondaryButtonClass } from './form-classes.ts';

/**
 * Form errors from the browser's own check (same zod rules as the server) or, after a submit, from the
 * server. The browser check runs first and stops the submit when something is wrong. A form sent before its
 * rules have arrived waits for them, then is checked and sent as if it had just been submitted.
 */
export function useFormErrors(rules: RulesLoader, serverErrors: FieldErrors | undefined) {
  const [browserErrors, setBrowserErrors] = useState<FieldErrors | null>(null);
  useRulesAhead(rules);
  const validateFirst = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const schema = arrivedRules(rules);
    if (schema === undefined) {
      event.preventDefault();
      const { submitter } = event.nativeEvent as SubmitEvent;
      void formRules(rules).then(() => form.requestSubmit(submitter));
      return;
    }
    if (schema === null) return;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
    if (parsed.success) {
      setBrowserErrors(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrors(parsed.error);
    setBrowserErrors(errors);
    // Keyboard and screen-reader users land on the first problem (after it is marked), which reads out its message.
    const first = form.elements.namedItem(Object.keys(errors)[0] ?? '');
    if (first instanceof HTMLElement) requestAnimationFrame(() => first.focus());
  };
  return { errors: browserErrors ?? serverErrors ?? {}, validateFirst };
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  errors: FieldErrors;
  hint?: string;
  idPrefix: string;
}

/** A labelled input with its hint and its translated error, wired for screen readers. */
export function Field({ name, label, errors, hint, idPrefix, type = 'text', className = '', ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = `${idPrefix}-${name}`;
  const error = errors[name];
  const [revealed, setRevealed] = useState(false);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const isPassword = type === 'password';
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          {...input}
          className={`${inputClass} ${isPassword ? 'pe-12' : ''} ${className}`}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setRevealed((value) => !value)}
            aria-label={revealed ? t('fields.hidePassword') : t('fields.showPassword')}
            aria-pressed={revealed}
            className="absolute inset-y-0 end-0 flex items-center px-3 text-slate-500 hover:text-slate-800 dark:hover:text-slate-200"
          >
            {revealed ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} messageKey={error} field={label} />
    </div>
  );
}

/** A new password typed twice, with the length hint (registration, reset, settings). */
export function NewPasswordFields({
  idPrefix,
  errors,
  name = 'password',
  label,
}: {
  idPrefix: string;
  errors: FieldErrors;
  name?: string;
  label: string;
}) {
  const { t } = useTranslation();
  const field = { idPrefix, errors, type: 'password', autoComplete: 'new-password' };
  return (
    <>
      <Field {...field} name={name} label={label} hint={t('fields.passwordHint')} />
      <Field {...field} name="confirm_password" label={t('fields.confirm_password')} />
    </>
  );
}

export function FieldError({ id, messageKey, field }: { id: string; messageKey: string | undefined; field: string }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {translateKey(t, messageKey, { field })}
    </p>
  );
}

export function CheckboxField({
  name,
  label,
  errors,
  idPrefix,
  defaultChecked,
}: {
  name: string;
  label: ReactNode;
  errors: FieldErrors;
  idPrefix: string;
  defaultChecked?: boolean;
}) {
  const id = `${idPrefix}-${name}`;
  const error = errors[name];
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-600"
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <FieldError id={`${id}-error`} messageKey={error} field="" />
    </div>
  );
}

/** A message about the whole form (a refused sign-in, a limit reached). */
export function FormAlert({
  messageKey,
  values,
  tone = 'error',
}: {
  messageKey?: string | null;
  /** Values of the message's placeholders. */
  values?: Record<string, string | number>;
  tone?: 'error' | 'success';
}) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  const colors =
    tone === 'error'
      ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'
      : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl p-3 text-sm ${colors}`}>
      {translateKey(t, messageKey.replace(/^\d+##/, ''), values)}
    </p>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
  name,
  value,
  className = primaryButtonClass,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  name?: string;
  value?: string;
  className?: string;
}) {
  return (
    <button type="submit" name={name} value={value} disabled={busy} className={className}>
      {busy && <Loader2 className="size-5 animate-spin" aria-hidden />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** The centred card of the sign-in and sign-up screens. */
export function AuthCard({
  icon,
  title,
  intro,
  children,
  footer,
}: {
  icon: ReactNode;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-12" aria-labelledby="auth-heading">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-200">
          {icon}
        </div>
        <h1 id="auth-heading" className="mt-4 text-2xl font-bold">
          {title}
        </h1>
        {intro && <p className="mt-2 text-slate-600 dark:text-slate-400">{intro}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div>}
    </section>
  );
}

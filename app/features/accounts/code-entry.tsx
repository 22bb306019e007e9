import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { formatCountdown } from '../../../contract/format.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import { Field, FormAlert, SubmitButton, secondaryButtonClass, useFormErrors } from '../../components/ui/form.tsx';
import { Loader2 } from '../../components/ui/icons.tsx';
import type { FieldErrors, FormResult } from '../../lib/form-errors.ts';

const codeRules = () => import('../../../contract/auth.ts').then((rules) => rules.codeFormSchema);

/** The six-digit code input: digits only, filled in by the phone's one-time-code suggestion. */
export function CodeField({ idPrefix, errors }: { idPrefix: string; errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <Field
      idPrefix={idPrefix}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      dir="ltr"
      className="tracking-[0.5em]"
      label={t('fields.code')}
      errors={errors}
    />
  );
}

type CodeResult = { ok: true; notice: string; resendIn?: number } | FormResult;

/** How long to wait before another code; a new object each time the count should start again. */
export type ResendWait = { seconds: number };

/**
 * The wait before another code, from the freshest news: the page's data (when it loads or reloads after a
 * send) or an answer that carries one (a code just sent, or an early resend the server refused). Other
 * answers, such as a wrong code, leave the count running.
 */
export function useResendWait(
  loadedSeconds: number,
  result: { resendIn?: number; retryAfter?: number } | undefined,
): ResendWait {
  const [wait, setWait] = useState<ResendWait>({ seconds: loadedSeconds });
  useEffect(() => setWait({ seconds: loadedSeconds }), [loadedSeconds]);
  useEffect(() => {
    const seconds = result?.resendIn ?? result?.retryAfter;
    if (seconds !== undefined) setWait({ seconds });
  }, [result]);
  return wait;
}

/**
 * Enter a code that was sent (intent "verify"), or ask for a new one (intent "resend"); both post to the
 * page's own action, so they work without JavaScript.
 */
export function CodeEntry({
  idPrefix,
  result,
  resendIn = 0,
}: {
  idPrefix: string;
  result: CodeResult | undefined;
  /** Seconds before a new code may be asked for, when the page loaded. */
  resendIn?: number;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failure = result && !result.ok ? result : undefined;
  const { errors, validateFirst } = useFormErrors(codeRules, failure?.errors);
  const submitting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const wait = useResendWait(resendIn, result);
  return (
    <div className="space-y-4">
      <FormAlert messageKey={failure?.formError} values={failure?.formErrorValues} />
      <FormAlert messageKey={result?.ok ? result.notice : null} tone="success" />
      <Form method="post" noValidate onSubmit={validateFirst} className="space-y-4">
        <CodeField idPrefix={idPrefix} errors={errors} />
        <SubmitButton
          busy={submitting === 'verify'}
          name="intent"
          value="verify"
          label={t('auth.verifyButton')}
          busyLabel={t('auth.signingIn')}
        />
      </Form>
      <Form method="post">
        <ResendCodeButton busy={submitting === 'resend'} wait={wait} />
      </Form>
    </div>
  );
}

/**
 * "Send a new code": unavailable, with a countdown ("Send a new code in 0:42"), until another code may be
 * asked for; each new `wait` starts the count again. It stays focusable and is
 * only marked unavailable, so screen readers can reach it and read the wait; without JavaScript it can be
 * pressed, and the server's refusal then says how long to wait.
 */
export function ResendCodeButton({
  busy,
  wait,
  name = 'intent',
  value = 'resend',
}: {
  busy: boolean;
  wait: ResendWait;
  name?: string;
  value?: string;
}) {
  const { t, i18n } = useTranslation();
  const { secondsLeft, finished } = useCountdown(wait);
  const waiting = secondsLeft > 0;
  const label = busy
    ? t('auth.sending')
    : waiting
      ? t('auth.resendCodeIn', { time: formatCountdown(secondsLeft, i18n.language as LanguageCode) })
      : t('auth.resendCode');
  return (
    <>
      <button
        type="submit"
        name={name}
        value={value}
        aria-disabled={busy || waiting}
        onClick={(event) => {
          if (busy || waiting) event.preventDefault();
        }}
        className={`${secondaryButtonClass} w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-transparent`}
      >
        {busy && <Loader2 className="size-5 animate-spin" aria-hidden />}
        <span className="tabular-nums">{label}</span>
      </button>
      <p role="status" className="sr-only">
        {finished ? t('auth.resendAvailable') : ''}
      </p>
    </>
  );
}

/** Whole seconds left of `wait`, counted from when it arrived; `finished` once it ran out on this page. */
function useCountdown(wait: ResendWait) {
  const [secondsLeft, setSecondsLeft] = useState(wait.seconds);
  const [finished, setFinished] = useState(false);
  useEffect(() => {
    setSecondsLeft(wait.seconds);
    setFinished(false);
    if (wait.seconds <= 0) return;
    const deadline = Date.now() + wait.seconds * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left > 0) return;
      setFinished(true);
      clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [wait]);
  return { secondsLeft, finished };
}

import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { codeFormSchema } from '../../contract/validation.ts';
import type { FieldErrors } from '../form-errors.ts';
import { Field, FormAlert, SubmitButton, secondaryButtonClass, useFormErrors } from './form.tsx';

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

type CodeResult = { ok: true; notice: string } | { ok: false; errors: FieldErrors; formError?: string };

/**
 * Enter a code that was sent (intent "verify"), or ask for a new one (intent "resend"); both post to the
 * page's own action, so they work without JavaScript.
 */
export function CodeEntry({ idPrefix, result }: { idPrefix: string; result: CodeResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failure = result && !result.ok ? result : undefined;
  const { errors, validateFirst } = useFormErrors(codeFormSchema, failure?.errors);
  const submitting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  return (
    <div className="space-y-4">
      <FormAlert messageKey={failure?.formError} />
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
        <SubmitButton
          busy={submitting === 'resend'}
          name="intent"
          value="resend"
          label={t('auth.resendCode')}
          busyLabel={t('auth.sending')}
          className={`${secondaryButtonClass} w-full`}
        />
      </Form>
    </div>
  );
}

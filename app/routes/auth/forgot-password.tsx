import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { forgotPasswordSchema, resetPasswordSchema } from '../../../contract/validation.ts';
import { flashCookie, formFailure, pageRequestMeta, serviceFailure, userFacingFailure } from '../../account.server.ts';
import { CodeField } from '../../components/code-entry.tsx';
import { AuthCard, Field, FormAlert, NewPasswordFields, SubmitButton, useFormErrors } from '../../components/form.tsx';
import { SentenceWithValue } from '../../components/sentence-with-value.tsx';
import { fieldErrors } from '../../form-errors.ts';
import { pageMeta } from '../../meta.ts';
import type { Route } from './+types/forgot-password';

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const meta = pageRequestMeta(request, context);
  const { auth } = context.get(appContext).services;
  if (form.intent === 'reset') {
    // A refused reset stays on the code step for the same address.
    const email = String(form.user_email ?? '');
    const parsed = resetPasswordSchema.safeParse(form);
    if (!parsed.success)
      return data(
        { ok: false as const, errors: fieldErrors(parsed.error), formError: undefined, email },
        { status: 400 },
      );
    try {
      await auth.resetPassword(parsed.data, meta);
    } catch (error) {
      const { status, messageKey } = userFacingFailure(error);
      return data({ ok: false as const, errors: {}, formError: messageKey, email }, { status });
    }
    return redirect('/login', { headers: { 'Set-Cookie': flashCookie('auth.passwordReset') } });
  }
  try {
    const parsed = forgotPasswordSchema.safeParse(form);
    if (!parsed.success) return formFailure(fieldErrors(parsed.error));
    await auth.forgotPassword(parsed.data, meta);
    return data({ ok: true as const, email: parsed.data.user_email });
  } catch (error) {
    return serviceFailure(error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.forgotTitle', description: 'meta.forgotDescription' });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const email = actionData && 'email' in actionData ? actionData.email : undefined;
  const step = email ? 'reset' : 'request';
  const schema = step === 'reset' ? resetPasswordSchema : forgotPasswordSchema;
  const { errors, validateFirst } = useFormErrors(schema, failure?.errors);
  const busy = navigation.state !== 'idle';
  return (
    <AuthCard
      icon={<KeyRound className="size-6" aria-hidden />}
      title={t('auth.forgotTitle')}
      intro={
        step === 'reset' ? (
          <SentenceWithValue sentence={(value) => t('auth.resetIntro', { email: value })} value={email ?? ''} />
        ) : (
          t('auth.forgotIntro')
        )
      }
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline dark:text-brand-300">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <div className="space-y-4">
        <FormAlert messageKey={failure?.formError} />
        {actionData?.ok && <FormAlert messageKey="auth.resetCodeSent" tone="success" />}
        <Form method="post" noValidate onSubmit={validateFirst} className="space-y-4" key={step}>
          {step === 'request' ? (
            <Field
              idPrefix="forgot"
              name="user_email"
              type="email"
              autoComplete="email"
              label={t('fields.user_email')}
              errors={errors}
            />
          ) : (
            <>
              <input type="hidden" name="user_email" value={email} />
              <CodeField idPrefix="forgot" errors={errors} />
              <NewPasswordFields idPrefix="forgot" errors={errors} label={t('settings.newPassword')} />
            </>
          )}
          <SubmitButton
            busy={busy}
            name="intent"
            value={step}
            label={step === 'reset' ? t('auth.resetButton') : t('auth.sendCode')}
            busyLabel={t('auth.sending')}
          />
        </Form>
      </div>
    </AuthCard>
  );
}

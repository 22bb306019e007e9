import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { CODE_RESEND_SECONDS, forgotPasswordSchema, resetPasswordSchema } from '../../../contract/auth.ts';
import {
  AuthCard,
  Field,
  FormAlert,
  NewPasswordFields,
  SubmitButton,
  useFormErrors,
} from '../../components/ui/form.tsx';
import { KeyRound } from '../../components/ui/icons.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import {
  LOGIN_EMAIL_COOKIE,
  PASSWORD_RESET_COOKIE,
  pageRequestMeta,
  secondsUntilResend,
} from '../../features/accounts/account.server.ts';
import { CodeField, ResendCodeButton, useResendWait } from '../../features/accounts/code-entry.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { flashCookie, readStepCookie, stepCookie } from '../../lib/cookies.server.ts';
import { formFields, submitForm } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/forgot-password';

const requestRules = () => import('../../../contract/auth.ts').then((rules) => rules.forgotPasswordSchema);
const resetRules = () => import('../../../contract/auth.ts').then((rules) => rules.resetPasswordSchema);

/** The reset waiting for its code (kept in a cookie, so a reload stays on the code step). */
const readPendingReset = (request: Request, context: Route.LoaderArgs['context']) =>
  readStepCookie<{ userEmail: string }>(request, context, PASSWORD_RESET_COOKIE, ['userEmail']);

export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = await readPendingReset(request, context);
  return { email: pending?.userEmail ?? null, resendIn: secondsUntilResend(pending) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await formFields(request);
  const meta = await pageRequestMeta(request, context);
  const { auth } = context.get(appContext).services;
  const pending = await readPendingReset(request, context);
  if (form.intent === 'restart') {
    return redirect('/forgotpassword', {
      headers: { 'Set-Cookie': await stepCookie(context, PASSWORD_RESET_COOKIE, null) },
    });
  }
  if (form.intent === 'reset') {
    // The address of the step (the form's copy only if the step's cookie has expired meanwhile).
    const fields = { ...form, user_email: pending?.userEmail ?? form.user_email };
    return submitForm(resetPasswordSchema, fields, async (input) => {
      await auth.resetPassword(input, meta);
      // The login form opens with the address filled in and the good news shown there, once.
      const headers = new Headers();
      headers.append('Set-Cookie', await stepCookie(context, PASSWORD_RESET_COOKIE, null));
      headers.append('Set-Cookie', await stepCookie(context, LOGIN_EMAIL_COOKIE, { userEmail: input.user_email }));
      headers.append('Set-Cookie', await flashCookie(context, 'auth.passwordReset'));
      return redirect('/login', { headers });
    });
  }
  const email = form.intent === 'resend' && pending ? pending.userEmail : form.user_email;
  return submitForm(forgotPasswordSchema, { user_email: email }, async (input) => {
    await auth.forgotPassword(input, meta);
    return data(
      { ok: true as const, notice: 'auth.resetCodeSent', resendIn: CODE_RESEND_SECONDS },
      { headers: { 'Set-Cookie': await stepCookie(context, PASSWORD_RESET_COOKIE, { userEmail: input.user_email }) } },
    );
  });
}

export const handle = { i18n: ['auth', 'forms', 'profile'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.forgotTitle', description: 'meta.forgotDescription' });

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { email, resendIn } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const step = email ? 'reset' : 'request';
  const { errors, validateFirst } = useFormErrors(step === 'reset' ? resetRules : requestRules, failure?.errors);
  const submitting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const wait = useResendWait(resendIn, actionData);
  return (
    <AuthCard
      icon={<KeyRound className="size-6" aria-hidden />}
      title={t('auth.forgotTitle')}
      intro={
        email ? (
          <SentenceWithValue sentence={(value) => t('auth.resetIntro', { email: value })} value={email} />
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
        <FormAlert messageKey={failure?.formError} values={failure?.formErrorValues} />
        {actionData?.ok && <FormAlert messageKey={actionData.notice} tone="success" />}
        <Form method="post" noValidate onSubmit={validateFirst} className="space-y-4" key={step}>
          {email ? (
            <>
              <input type="hidden" name="user_email" value={email} />
              <CodeField idPrefix="forgot" errors={errors} />
              <NewPasswordFields idPrefix="forgot" errors={errors} label={t('settings.newPassword')} />
            </>
          ) : (
            <Field
              idPrefix="forgot"
              name="user_email"
              type="email"
              autoComplete="email"
              label={t('fields.user_email')}
              errors={errors}
            />
          )}
          <SubmitButton
            busy={submitting === step}
            name="intent"
            value={step}
            label={email ? t('auth.resetButton') : t('auth.sendCode')}
            busyLabel={email ? t('profile.saving') : t('auth.sending')}
          />
        </Form>
        {email && (
          <>
            <Form method="post">
              <ResendCodeButton busy={submitting === 'resend'} wait={wait} />
            </Form>
            <Form method="post" className="text-center">
              <button
                type="submit"
                name="intent"
                value="restart"
                className="text-sm font-semibold text-brand-700 underline dark:text-brand-300"
              >
                {t('auth.useAnotherEmail')}
              </button>
            </Form>
          </>
        )}
      </div>
    </AuthCard>
  );
}

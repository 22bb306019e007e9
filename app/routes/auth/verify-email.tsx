import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { emailCodeSchema } from '../../../contract/validation.ts';
import {
  formFailure,
  PENDING_EMAIL_COOKIE,
  pageRequestMeta,
  readStepCookie,
  serviceFailure,
  signedInRedirect,
  stepCookie,
} from '../../account.server.ts';
import {
  AuthCard,
  Field,
  FormAlert,
  SubmitButton,
  secondaryButtonClass,
  useFormErrors,
} from '../../components/form.tsx';
import { fieldErrors } from '../../form-errors.ts';
import { pageMeta } from '../../meta.ts';
import { carriedRedirect, redirectTarget } from '../../redirect.ts';
import type { Route } from './+types/verify-email';

type Pending = { userId: string; userName: string; userEmail: string };

const readPending = (request: Request) =>
  readStepCookie<Pending>(request, PENDING_EMAIL_COOKIE, ['userId', 'userName', 'userEmail']);

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (context.get(appContext).viewer) throw redirect(redirectTarget(url.searchParams));
  const pending = readPending(request);
  return { email: pending?.userEmail ?? null, back: carriedRedirect(url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = readPending(request);
  if (!pending) return formFailure({}, 400, 'auth.noPendingRegistration');
  const form = await request.formData();
  const meta = pageRequestMeta(request, context);
  const { auth } = context.get(appContext).services;
  try {
    if (form.get('intent') === 'resend') {
      await auth.resendEmailCode({ user_email: pending.userEmail }, meta);
      return data({ ok: true as const, notice: 'auth.codeResent' });
    }
    const parsed = emailCodeSchema.safeParse({ user_email: pending.userEmail, code: form.get('code') });
    if (!parsed.success) return formFailure(fieldErrors(parsed.error));
    const session = await auth.verifyEmail(parsed.data, meta);
    return signedInRedirect(redirectTarget(new URL(request.url).searchParams), session.cookies, [
      stepCookie(PENDING_EMAIL_COOKIE, null),
    ]);
  } catch (error) {
    return serviceFailure(error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.verifyEmailTitle', description: 'meta.verifyEmailDescription' });

const codeOnly = emailCodeSchema.pick({ code: true });

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { errors, validateFirst } = useFormErrors(codeOnly, failure?.errors);
  const submitting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const { email, back } = loaderData;
  if (!email) {
    return (
      <AuthCard icon={<MailCheck className="size-6" aria-hidden />} title={t('auth.verifyEmailTitle')}>
        <p className="text-slate-700 dark:text-slate-300">{t('auth.noPendingRegistration')}</p>
        <Link to={`/register${back}`} className={`${secondaryButtonClass} mt-6 w-full`}>
          {t('auth.registerButton')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<MailCheck className="size-6" aria-hidden />}
      title={t('auth.verifyEmailTitle')}
      intro={
        <>
          {t('auth.verifyEmailIntro', { email })} {t('auth.codeExpiresHint')}
        </>
      }
      footer={
        <Link to={`/register${back}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
          {t('auth.useAnotherEmail')}
        </Link>
      }
    >
      <div className="space-y-4">
        <FormAlert messageKey={failure?.formError} />
        <FormAlert messageKey={actionData?.ok ? actionData.notice : null} tone="success" />
        <Form method="post" noValidate onSubmit={validateFirst} className="space-y-4">
          <Field
            idPrefix="verify-email"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            className="tracking-[0.5em]"
            label={t('fields.code')}
            errors={errors}
          />
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
    </AuthCard>
  );
}

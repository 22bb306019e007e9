import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
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
import { CodeEntry } from '../../components/code-entry.tsx';
import { AuthCard, secondaryButtonClass } from '../../components/form.tsx';
import { SentenceWithValue } from '../../components/ltr-value.tsx';
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

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
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
          <SentenceWithValue sentence={(value) => t('auth.verifyEmailIntro', { email: value })} value={email} />{' '}
          {t('auth.codeExpiresHint')}
        </>
      }
      footer={
        <Link to={`/register${back}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
          {t('auth.useAnotherEmail')}
        </Link>
      }
    >
      <CodeEntry idPrefix="verify-email" result={actionData} />
    </AuthCard>
  );
}

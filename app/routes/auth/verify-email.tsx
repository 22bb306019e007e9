import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { appContext } from '#app-context';
import { AuthCard, secondaryButtonClass } from '../../components/ui/form.tsx';
import { MailCheck } from '../../components/ui/icons.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { codeStepAction, PENDING_EMAIL_COOKIE, secondsUntilResend } from '../../features/accounts/account.server.ts';
import { CodeEntry } from '../../features/accounts/code-entry.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { readStepCookie } from '../../lib/cookies.server.ts';
import { formFailure } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { carriedRedirect, redirectTarget } from '../../lib/redirect.ts';
import type { Route } from './+types/verify-email';

/** The registration waiting for its code; its token (httpOnly cookie only) proves this browser made it. */
type Pending = { userId: string; userName: string; userEmail: string; registrationToken: string };

const readPending = (request: Request, context: Route.LoaderArgs['context']) =>
  readStepCookie<Pending>(request, context, PENDING_EMAIL_COOKIE, [
    'userId',
    'userName',
    'userEmail',
    'registrationToken',
  ]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (context.get(appContext).viewer) throw redirect(redirectTarget(url.searchParams));
  const pending = await readPending(request, context);
  return { email: pending?.userEmail ?? null, resendIn: secondsUntilResend(pending), back: carriedRedirect(url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = await readPending(request, context);
  if (!pending) return formFailure({}, 400, 'auth.noPendingRegistration');
  const { auth } = context.get(appContext).services;
  const registration = { user_email: pending.userEmail, registration_token: pending.registrationToken };
  return codeStepAction(request, context, {
    cookie: PENDING_EMAIL_COOKIE,
    resend: (meta) => auth.resendEmailCode(registration, meta),
    resentNotice: 'auth.codeResent',
    verify: (code, meta) => auth.verifyEmail({ ...registration, code }, meta),
  });
}

export const handle = { i18n: ['auth', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.verifyEmailTitle', description: 'meta.verifyEmailDescription' });

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { email, resendIn, back } = loaderData;
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
      <CodeEntry idPrefix="verify-email" result={actionData} resendIn={resendIn} />
    </AuthCard>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { appContext } from '#app-context';
import { AuthCard, secondaryButtonClass } from '../../components/ui/form.tsx';
import { MessageSquareCode } from '../../components/ui/icons.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import { codeStepAction, PENDING_PHONE_COOKIE, secondsUntilResend } from '../../features/accounts/account.server.ts';
import { CodeEntry } from '../../features/accounts/code-entry.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { readStepCookie } from '../../lib/cookies.server.ts';
import { formFailure } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { carriedRedirect, redirectTarget } from '../../lib/redirect.ts';
import type { Route } from './+types/verify-code';

const readPending = (request: Request, context: Route.LoaderArgs['context']) =>
  readStepCookie<{ name: string; phone: string }>(request, context, PENDING_PHONE_COOKIE, ['name', 'phone']);

/** The number's code, and for a new number the name asked on the step before (used for the new account). */
const signInRequest = (pending: { name: string; phone: string }) => ({
  user_phone: pending.phone,
  ...(pending.name ? { user_name: pending.name } : {}),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (context.get(appContext).viewer) throw redirect(redirectTarget(url.searchParams));
  const pending = await readPending(request, context);
  return { phone: pending?.phone ?? null, resendIn: secondsUntilResend(pending), back: carriedRedirect(url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const pending = await readPending(request, context);
  if (!pending) return formFailure({}, 400, 'auth.noPendingPhone');
  const { auth } = context.get(appContext).services;
  const person = signInRequest(pending);
  return codeStepAction(request, context, {
    cookie: PENDING_PHONE_COOKIE,
    resend: (meta) => auth.sendPhoneCode({ user_phone: pending.phone }, meta),
    resentNotice: 'auth.smsSent',
    verify: (code, meta) => auth.verifyPhoneCode({ ...person, code }, meta),
  });
}

export const handle = { i18n: ['auth', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.verifyCodeTitle', description: 'meta.verifyCodeDescription' });

export default function VerifyCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { phone, resendIn, back } = loaderData;
  const icon = <MessageSquareCode className="size-6" aria-hidden />;
  if (!phone) {
    return (
      <AuthCard icon={icon} title={t('auth.verifyCodeTitle')}>
        <p className="text-slate-700 dark:text-slate-300">{t('auth.noPendingPhone')}</p>
        <Link to={`/login/phone${back}`} className={`${secondaryButtonClass} mt-6 w-full`}>
          {t('auth.withPhone')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={icon}
      title={t('auth.verifyCodeTitle')}
      intro={
        <>
          <SentenceWithValue sentence={(value) => t('auth.verifyCodeIntro', { phone: value })} value={phone} />{' '}
          {t('auth.codeExpiresHint')}
        </>
      }
      footer={
        <Link to={`/login/phone${back}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
          {t('auth.changePhone')}
        </Link>
      }
    >
      <CodeEntry idPrefix="verify-code" result={actionData} resendIn={resendIn} />
    </AuthCard>
  );
}

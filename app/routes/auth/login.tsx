import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { loginSchema, SOCIAL_LOGIN_FAILED, type SocialProvider } from '../../../contract/sign-in.ts';
import { AuthCard, CheckboxField, Field, FormAlert, SubmitButton, useFormErrors } from '../../components/ui/form.tsx';
import { LogIn, Smartphone } from '../../components/ui/icons.tsx';
import {
  LOGIN_EMAIL_COOKIE,
  PENDING_EMAIL_COOKIE,
  pageRequestMeta,
  signedInRedirect,
} from '../../features/accounts/account.server.ts';
import { SocialSignIn } from '../../features/accounts/social-sign-in.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { readFlash, readStepCookie, stepCookie } from '../../lib/cookies.server.ts';
import { formFields, submitForm } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { carriedRedirect, redirectTarget } from '../../lib/redirect.ts';
import type { Route } from './+types/login';

const loginRules = () => import('../../../contract/sign-in.ts').then((rules) => rules.loginSchema);

/** Notices handed over by another step that are good news; any other is a failure. */
const GOOD_NEWS = new Set(['auth.passwordReset']);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { services, viewer } = context.get(appContext);
  if (viewer) throw redirect(redirectTarget(url.searchParams));
  const provider = url.searchParams.get('error') as SocialProvider | null;
  const providerError = (provider && SOCIAL_LOGIN_FAILED[provider]) || null;
  // A notice handed over by another step (password reset, a failed provider start) shows here, and only here.
  const flash = await readFlash(request, context);
  // A finished password reset hands over its address, once.
  const handedOver = await readStepCookie<{ userEmail: string }>(request, context, LOGIN_EMAIL_COOKIE, ['userEmail']);
  const headers = new Headers();
  if (flash.clear) headers.append('Set-Cookie', flash.clear);
  if (handedOver) headers.append('Set-Cookie', await stepCookie(context, LOGIN_EMAIL_COOKIE, null));
  return data(
    {
      providers: services.auth.enabledSocialProviders(),
      notice: providerError ?? flash.messageKey,
      noticeIsError: Boolean(providerError) || (flash.messageKey !== null && !GOOD_NEWS.has(flash.messageKey)),
      email: handedOver?.userEmail ?? null,
      back: carriedRedirect(url),
    },
    { headers },
  );
}

/** This page shows the handed-over notice in its form, so the page-wide notice does not repeat it. */
export const handle = { i18n: ['auth', 'forms'], showsFlashNotice: true } satisfies PageHandle;

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = context.get(appContext).services;
  const url = new URL(request.url);
  return submitForm(loginSchema, await formFields(request), async (input) => {
    const outcome = await auth.login(input, await pageRequestMeta(request, context));
    if (outcome.kind === 'signedIn') {
      return signedInRedirect(context, redirectTarget(url.searchParams), outcome.session.cookies);
    }
    // An account nobody proved yet (a fresh code was sent): the code step, as the API answers it too.
    return redirect(`/verify-email${carriedRedirect(url)}`, {
      headers: { 'Set-Cookie': await stepCookie(context, PENDING_EMAIL_COOKIE, { ...outcome.pending }) },
    });
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.loginTitle', description: 'meta.loginDescription' });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { errors, validateFirst } = useFormErrors(loginRules, actionData?.errors);
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login') === true;
  const { back } = loaderData;
  return (
    <AuthCard
      icon={<LogIn className="size-6 rtl:-scale-x-100" aria-hidden />}
      title={t('auth.loginTitle')}
      intro={t('auth.loginIntro')}
      footer={
        <>
          {t('auth.noAccount')}{' '}
          <Link to={`/register${back}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t('auth.createAccount')}
          </Link>
        </>
      }
    >
      <div className="space-y-4">
        <FormAlert
          messageKey={actionData?.formError ?? loaderData.notice}
          tone={actionData?.formError || loaderData.noticeIsError ? 'error' : 'success'}
        />
        <Form method="post" noValidate onSubmit={validateFirst} className="space-y-4">
          <Field
            idPrefix="login"
            name="user_email"
            type="email"
            autoComplete="email"
            defaultValue={loaderData.email ?? undefined}
            label={t('fields.user_email')}
            errors={errors}
          />
          <Field
            idPrefix="login"
            name="user_password"
            type="password"
            autoComplete="current-password"
            label={t('fields.user_password')}
            errors={errors}
          />
          <div className="flex justify-end">
            <Link to="/forgotpassword" className="text-sm font-semibold text-brand-700 underline dark:text-brand-300">
              {t('auth.forgotLink')}
            </Link>
          </div>
          <CheckboxField idPrefix="login" name="privacy" errors={errors} label={<PrivacyAgreement />} />
          <SubmitButton busy={busy} label={t('auth.loginButton')} busyLabel={t('auth.signingIn')} />
        </Form>
        <Link
          to={`/login/phone${back}`}
          className="inline-flex w-full items-center justify-center gap-2 rounded-full border border-slate-300 px-5 py-2.5 font-semibold hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          <Smartphone className="size-5" aria-hidden />
          {t('auth.withPhone')}
        </Link>
      </div>
      <SocialSignIn providers={loaderData.providers} action={`/auth/social${back}`} />
    </AuthCard>
  );
}

/**
 * "I agree to the privacy policy", the policy linked, in a new tab so the form keeps what was typed. The
 * text marks the linked words with <policy>…</policy>; split here rather than with react-i18next's Trans,
 * which would bring an HTML parser to the login page for one link.
 */
export function PrivacyAgreement() {
  const { t } = useTranslation();
  const [before, linked, after] = t('auth.agreePrivacy').split(/<\/?policy>/);
  return (
    <>
      {before}
      <a
        href="/privacy"
        target="_blank"
        rel="noreferrer"
        className="font-semibold text-brand-700 underline dark:text-brand-300"
      >
        {linked}
      </a>
      {after}
    </>
  );
}

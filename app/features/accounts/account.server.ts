import { data, redirect } from 'react-router';
import { type AppContext, appContext } from '#app-context';
import { CODE_RESEND_SECONDS, codeFormSchema } from '../../../contract/auth.ts';
import type { RequestMeta, SignedIn } from '../../../contract/session.ts';
import { flashCookie, pageLanguage, restampedStepCookie, stepCookie } from '../../lib/cookies.server.ts';
import { formFields, submitForm, withRefusals } from '../../lib/forms.server.ts';
import { redirectTarget } from '../../lib/redirect.ts';

type RouterContext = { get(key: typeof appContext): AppContext };

/** What account services need to know about a page request. */
export async function pageRequestMeta(request: Request, context: RouterContext): Promise<RequestMeta> {
  return { headers: request.headers, ip: context.get(appContext).clientIp, language: await pageLanguage(request) };
}

/** Seconds before the step may ask for another code (0: now), from when its last code was sent. */
export function secondsUntilResend(step: { codeSentAt?: string } | null) {
  const sentAt = Number(step?.codeSentAt);
  if (!Number.isFinite(sentAt)) return 0;
  const elapsed = (Date.now() - sentAt) / 1000;
  return Math.min(CODE_RESEND_SECONDS, Math.max(0, Math.ceil(CODE_RESEND_SECONDS - elapsed)));
}

export const PENDING_EMAIL_COOKIE = 'souk_pending_email';
export const PENDING_PHONE_COOKIE = 'souk_pending_phone';
/** The password reset waiting for its code: `{ userEmail }`. */
export const PASSWORD_RESET_COOKIE = 'souk_password_reset';
/** The address a finished password reset hands to the login form: `{ userEmail }`. */
export const LOGIN_EMAIL_COOKIE = 'souk_login_email';

/** Redirects after signing in, setting the session cookies and the 'Login Success' notice. */
export async function signedInRedirect(
  context: RouterContext,
  target: string,
  cookies: string[],
  extra: string[] = [],
) {
  const headers = new Headers();
  for (const cookie of [...cookies, ...extra, await flashCookie(context, 'messages.loginSuccess')])
    headers.append('Set-Cookie', cookie);
  return redirect(target, { headers });
}

/**
 * The action of an "enter the code we sent" page: intent "resend" sends another code; otherwise the code
 * signs in, and the step's cookie is cleared.
 */
export async function codeStepAction(
  request: Request,
  context: RouterContext,
  step: {
    cookie: string;
    resend(meta: RequestMeta): Promise<unknown>;
    resentNotice: string;
    verify(code: string, meta: RequestMeta): Promise<SignedIn>;
  },
) {
  const form = await formFields(request);
  const meta = await pageRequestMeta(request, context);
  if (form.intent === 'resend') {
    return withRefusals(async () => {
      await step.resend(meta);
      const restamped = await restampedStepCookie(request, context, step.cookie);
      return data(
        { ok: true as const, notice: step.resentNotice, resendIn: CODE_RESEND_SECONDS },
        restamped ? { headers: { 'Set-Cookie': restamped } } : undefined,
      );
    });
  }
  return submitForm(codeFormSchema, { code: form.code ?? '' }, async ({ code }) => {
    const session = await step.verify(code, meta);
    return signedInRedirect(context, redirectTarget(new URL(request.url).searchParams), session.cookies, [
      await stepCookie(context, step.cookie, null),
    ]);
  });
}

/** Sends visitors to the login page, naming this page as where to come back to. */
export function requireSignedIn(context: RouterContext, page: string) {
  const viewer = context.get(appContext).viewer;
  if (!viewer) throw redirect(`/login?redirect=${page}`);
  return viewer;
}

import { data, redirect } from 'react-router';
import { type AppContext, appContext } from '#app-context';
import { CODE_RESEND_SECONDS, codeFormSchema } from '../../../contract/auth.ts';
import { pageLanguage, readCookie } from '../../../contract/language.ts';
import type { RequestMeta, SignedIn } from '../../../contract/session.ts';
import { formFields, submitForm, withRefusals } from '../../lib/forms.server.ts';
import { redirectTarget } from '../../lib/redirect.ts';

type RouterContext = { get(key: typeof appContext): AppContext };

/** What account services need to know about a page request. */
export function pageRequestMeta(request: Request, context: RouterContext): RequestMeta {
  return { headers: request.headers, ip: context.get(appContext).clientIp, language: pageLanguage(request) };
}

const FLASH_COOKIE = 'souk_flash';

/** A message (locale key) to show once on the next page. */
export const flashCookie = (messageKey: string) =>
  `${FLASH_COOKIE}=${encodeURIComponent(messageKey)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;

export function readFlash(request: Request): { messageKey: string | null; clear: string | null } {
  const messageKey = readCookie(request.headers.get('cookie'), FLASH_COOKIE) ?? null;
  const valid = messageKey && /^[a-zA-Z.]{1,80}$/.test(messageKey) ? messageKey : null;
  return {
    messageKey: valid,
    clear: messageKey ? `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` : null,
  };
}

/**
 * Short-lived state between two steps of a flow (pending e-mail verification, phone code), never a secret.
 * A step starts when its code has just been sent, so the cookie also records when (`codeSentAt`), for the
 * countdown to the next "Send a new code".
 */
export function stepCookie(name: string, value: Record<string, string> | null) {
  if (!value) return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  const encoded = Buffer.from(JSON.stringify({ ...value, codeSentAt: String(Date.now()) })).toString('base64url');
  return `${name}=${encoded}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`;
}

/** The step's cookie again, marked as having sent a code now (after "Send a new code"). */
export function restampedStepCookie(request: Request, name: string) {
  const value = readStepCookie<Record<string, string>>(request, name, []);
  return value ? stepCookie(name, value) : null;
}

/** Seconds before the step may ask for another code (0: now), from when its last code was sent. */
export function secondsUntilResend(step: Record<string, string> | null) {
  const sentAt = Number(step?.codeSentAt);
  if (!Number.isFinite(sentAt)) return 0;
  const elapsed = (Date.now() - sentAt) / 1000;
  return Math.min(CODE_RESEND_SECONDS, Math.max(0, Math.ceil(CODE_RESEND_SECONDS - elapsed)));
}

export function readStepCookie<T extends Record<string, string>>(request: Request, name: string, keys: Array<keyof T>) {
  const raw = readCookie(request.headers.get('cookie'), name);
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Record<string, unknown>;
    return keys.every((key) => typeof value[key as string] === 'string') ? (value as T) : null;
  } catch {
    return null;
  }
}

export const PENDING_EMAIL_COOKIE = 'souk_pending_email';
export const PENDING_PHONE_COOKIE = 'souk_pending_phone';
/** The password reset waiting for its code: `{ userEmail }`. */
export const PASSWORD_RESET_COOKIE = 'souk_password_reset';
/** The address a finished password reset hands to the login form: `{ userEmail }`. */
export const LOGIN_EMAIL_COOKIE = 'souk_login_email';

/** Redirects after signing in, setting the session cookies and the 'Login Success' notice. */
export function signedInRedirect(target: string, cookies: string[], extra: string[] = []) {
  const headers = new Headers();
  for (const cookie of [...cookies, ...extra, flashCookie('messages.loginSuccess')])
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
  const meta = pageRequestMeta(request, context);
  if (form.intent === 'resend') {
    return withRefusals(async () => {
      await step.resend(meta);
      const restamped = restampedStepCookie(request, step.cookie);
      return data(
        { ok: true as const, notice: step.resentNotice, resendIn: CODE_RESEND_SECONDS },
        restamped ? { headers: { 'Set-Cookie': restamped } } : undefined,
      );
    });
  }
  return submitForm(codeFormSchema, { code: form.code ?? '' }, async ({ code }) => {
    const session = await step.verify(code, meta);
    return signedInRedirect(redirectTarget(new URL(request.url).searchParams), session.cookies, [
      stepCookie(step.cookie, null),
    ]);
  });
}

/** Sends visitors to the login page, naming this page as where to come back to. */
export function requireSignedIn(context: RouterContext, page: string) {
  const viewer = context.get(appContext).viewer;
  if (!viewer) throw redirect(`/login?redirect=${page}`);
  return viewer;
}

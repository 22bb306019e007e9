import { type Cookie, createCookie } from 'react-router';
import { type AppContext, appContext } from '#app-context';
import { isTimeZone, TIME_ZONE_COOKIE } from '../../contract/format.ts';
import {
  isLanguageCode,
  LANGUAGE_COOKIE,
  type LanguageCode,
  pickLanguage,
  readCookie,
} from '../../contract/language.ts';

/**
 * The cookies pages write, through React Router's createCookie: a value anyone can send (a broken escape, a
 * foreign format, a forged one) reads as no value, never as an error. The notice and the sign-up step cookies
 * are signed with the site's secret, so only this server can have written them.
 */
type RouterContext = { get(key: typeof appContext): AppContext };
type StepValue = Record<string, string>;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const NOTICE_SECONDS = 60;
const STEP_SECONDS = 60 * 60;
const FLASH_COOKIE = 'souk_flash';
/** A translation key: words, dots and hyphens ("moderation.queue.done.dismiss-listing"). */
const NOTICE_KEY = /^[\w.-]{1,80}$/;

/** The reader's language choice. The API reads it too (contract/language.ts languageOfCookie). */
const languageCookie = createCookie(LANGUAGE_COOKIE, { maxAge: ONE_YEAR_SECONDS });

/** The language of a page request: ?lang=, then the remembered choice, else Arabic. */
export async function pageLanguage(request: Request): Promise<LanguageCode> {
  return pickLanguage({
    query: new URL(request.url).searchParams.get('lang'),
    cookie: await rememberedLanguage(request),
  });
}

export async function rememberedLanguage(request: Request): Promise<LanguageCode | undefined> {
  const value: unknown = await languageCookie.parse(request.headers.get('cookie'));
  return isLanguageCode(value) ? value : undefined;
}

/** The Set-Cookie value that remembers `language` for the next visits. */
export const rememberLanguage = (language: LanguageCode) => languageCookie.serialize(language);

/** The signed cookies of one secret (the secret is the same for the life of the process). */
const signedCookies = new Map<string, Map<string, Cookie>>();

function signedCookie(context: RouterContext, name: string, maxAge: number) {
  const secret = context.get(appContext).cookieSecret;
  let cookies = signedCookies.get(secret);
  if (!cookies) {
    cookies = new Map();
    signedCookies.set(secret, cookies);
  }
  let cookie = cookies.get(name);
  if (!cookie) {
    cookie = createCookie(name, { secrets: [secret], maxAge, httpOnly: true });
    cookies.set(name, cookie);
  }
  return cookie;
}

const cleared = (cookie: Cookie) => cookie.serialize('', { maxAge: 0 });

/** A message (locale key) to show once on the next page. */
export function flashCookie(context: RouterContext, messageKey: string) {
  return signedCookie(context, FLASH_COOKIE, NOTICE_SECONDS).serialize(messageKey);
}

/** The notice handed over by the previous page, and the Set-Cookie that removes it once shown. */
export async function readFlash(request: Request, context: RouterContext) {
  const cookie = signedCookie(context, FLASH_COOKIE, NOTICE_SECONDS);
  const header = request.headers.get('cookie');
  if (!header?.includes(`${FLASH_COOKIE}=`)) return { messageKey: null, clear: null };
  const value: unknown = await cookie.parse(header);
  const messageKey = typeof value === 'string' && NOTICE_KEY.test(value) ? value : null;
  return { messageKey, clear: await cleared(cookie) };
}

/**
 * Short-lived state between two steps of a flow (pending e-mail verification, phone code). A step starts
 * when its code has just been sent, so the cookie also records when (`codeSentAt`), for the countdown to the
 * next "Send a new code". `null` ends the step.
 */
export function stepCookie(context: RouterContext, name: string, value: StepValue | null) {
  const cookie = signedCookie(context, name, STEP_SECONDS);
  return value ? cookie.serialize({ ...value, codeSentAt: String(Date.now()) }) : cleared(cookie);
}

/** The step's state when this server wrote it and it has every key (all strings); otherwise null. */
export async function readStepCookie<T extends StepValue>(
  request: Request,
  context: RouterContext,
  name: string,
  keys: Array<keyof T>,
): Promise<(T & { codeSentAt?: string }) | null> {
  const value: unknown = await signedCookie(context, name, STEP_SECONDS).parse(request.headers.get('cookie'));
  if (!value || typeof value !== 'object') return null;
  const fields = value as Record<string, unknown>;
  return keys.every((key) => typeof fields[key as string] === 'string') ? (fields as T) : null;
}

/** The step's cookie again, marked as having sent a code now (after "Send a new code"). */
export async function restampedStepCookie(request: Request, context: RouterContext, name: string) {
  const value = await readStepCookie<StepValue>(request, context, name, []);
  return value ? stepCookie(context, name, value) : null;
}

/** The time zone the browser told in its client-hint cookie (app/lib/time-zone.tsx), or null before it has. */
export function toldTimeZone(request: Request): string | null {
  const value = readCookie(request.headers.get('cookie'), TIME_ZONE_COOKIE);
  return isTimeZone(value) ? value : null;
}

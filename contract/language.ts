import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_COOKIE, type LanguageCode } from './constants.ts';

/**
 * Picks a request's language: ?lang=, then the remembered cookie, then (API clients only) Accept-Language,
 * else Arabic. Pages pass no Accept-Language: Arabic is the product's default whatever the browser says.
 */
export function pickLanguage(input: { query?: unknown; cookie?: string; acceptLanguage?: string }): LanguageCode {
  if (isLanguageCode(input.query)) return input.query;
  if (isLanguageCode(input.cookie)) return input.cookie;
  for (const part of (input.acceptLanguage ?? '').split(',')) {
    const code = part.trim().split(';')[0]?.split('-')[0]?.toLowerCase();
    if (isLanguageCode(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeCookieValue(value.join('='));
  }
  return undefined;
}

/** A cookie value anyone can write: a broken %-escape reads as no value rather than an error. */
function decodeCookieValue(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The language of a page request (a Fetch API Request): ?lang=, then the cookie, else Arabic. */
export function pageLanguage(request: Request): LanguageCode {
  return pickLanguage({
    query: new URL(request.url).searchParams.get('lang'),
    cookie: readCookie(request.headers.get('cookie'), LANGUAGE_COOKIE),
  });
}

export const languageCookie = (language: LanguageCode) =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;

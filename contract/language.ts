/** The languages of the app (SPEC.md 9); Arabic is the default and reads right to left. */
export const LANGUAGES = [
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'id', name: 'Bahasa Indonesia', dir: 'ltr' },
  { code: 'it', name: 'Italiano', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'ko', name: '한국어', dir: 'ltr' },
  { code: 'ms', name: 'Bahasa Melayu', dir: 'ltr' },
  { code: 'pt', name: 'Português', dir: 'ltr' },
  { code: 'ru', name: 'Русский', dir: 'ltr' },
  { code: 'th', name: 'ไทย', dir: 'ltr' },
  { code: 'tr', name: 'Türkçe', dir: 'ltr' },
  { code: 'zh', name: '中文', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'ar';
export const LANGUAGE_COOKIE = 'lang';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

export function directionOf(language: LanguageCode): 'rtl' | 'ltr' {
  return LANGUAGES.find((entry) => entry.code === language)?.dir ?? 'ltr';
}

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

/**
 * The language a `lang` cookie names. Pages write it through React Router's createCookie (base64 of the JSON
 * string: app/lib/cookies.server.ts); an API client may send the bare code. Anything else names none.
 */
export function languageOfCookie(value: string | undefined): LanguageCode | undefined {
  if (!value || isLanguageCode(value)) return value as LanguageCode | undefined;
  try {
    const decoded: unknown = JSON.parse(atob(value));
    return isLanguageCode(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

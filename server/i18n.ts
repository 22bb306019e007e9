import { readdirSync, readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../contract/language.ts';

/** Locale files: app/i18n/locales/<lang>/<namespace>.json; the server reads every namespace, pages only theirs. */
const localesFolder = new URL('../app/i18n/locales/', import.meta.url);

function readLanguage(code: LanguageCode) {
  const folder = new URL(`${code}/`, localesFolder);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(new URL(file, folder), 'utf8'))]),
  ) as Record<string, Record<string, unknown>>;
}

const resources = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, readLanguage(code)]));
const namespaces = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

// A key's top-level prefix lives in exactly one namespace, so a plain "auth.login" is found by looking in each.
const translator = i18next.createInstance();
await translator.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  ns: namespaces,
  defaultNS: 'common',
  fallbackNS: namespaces.filter((namespace) => namespace !== 'common'),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

const translators = new Map<LanguageCode, TFunction>(LANGUAGE_CODES.map((code) => [code, translator.getFixedT(code)]));

/**
 * The namespace of each top-level prefix ("notifications" of "notifications.kinds..."): i18next then reads one
 * namespace instead of walking every fallback namespace in turn, which made translation most of the CPU of a
 * notification list (40 texts an answer).
 */
const namespaceOfPrefix = new Map(
  Object.entries(resources[DEFAULT_LANGUAGE] ?? {}).flatMap(([namespace, texts]) =>
    Object.keys(texts).map((prefix) => [prefix, namespace] as const),
  ),
);

/** Keys arrive at run time (an error's message key), so they are not checked against the typed page keys. */
type RuntimeTranslate = (key: string, options: Record<string, unknown>) => string;

export function translate(language: LanguageCode, key: string, values?: Record<string, unknown>): string {
  const namespace = namespaceOfPrefix.get(key.slice(0, key.indexOf('.')));
  const options = namespace ? { ...values, ns: namespace } : (values ?? {});
  return ((translators.get(language) ?? translator.t) as unknown as RuntimeTranslate)(key, options);
}

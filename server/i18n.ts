import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../contract/language.ts';

const localesFolder = new URL('../app/i18n/locales/', import.meta.url);

const resources = Object.fromEntries(
  LANGUAGE_CODES.map((code) => [
    code,
    {
      translation: JSON.parse(readFileSync(new URL(`${code}.json`, localesFolder), 'utf8')) as Record<string, unknown>,
    },
  ]),
);

const translator = i18next.createInstance();
await translator.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

const translators = new Map<LanguageCode, TFunction>(LANGUAGE_CODES.map((code) => [code, translator.getFixedT(code)]));

export function translate(language: LanguageCode, key: string, values?: Record<string, unknown>): string {
  return (translators.get(language) ?? translator.t)(key, values ?? {}) as string;
}

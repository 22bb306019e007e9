import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageCode } from '../../contract/language.ts';
import type { Messages } from './resources.ts';

/** One i18next instance per language, initialised synchronously from messages already loaded. */
export function createI18n(language: LanguageCode, messages: Messages): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: messages } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Reads a dotted key from raw messages; for `meta` functions, which run outside React. */
export function messageAt(messages: Messages | undefined, key: string): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : '';
}

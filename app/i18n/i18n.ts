import i18next, { type BackendModule, type i18n, type ParseKeys, type ResourceLanguage, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, type LanguageCode } from '../../contract/language.ts';
import { PAGE_NAMESPACES, type PageNamespace, SHELL_NAMESPACE } from './namespaces.ts';

/** A key of a page namespace ("auth.login"); a wrong key fails the type check (see i18next.d.ts). */
export type MessageKey = ParseKeys;

// One lazily loaded module per language and page namespace; the server-only namespaces are left out, so
// they are neither bundled for the browser nor loadable by a page.
const namespaceFiles = import.meta.glob<ResourceLanguage>(
  [
    './locales/*/*.json',
    '!./locales/*/api.json',
    '!./locales/*/admin.json',
    '!./locales/*/mail.json',
    '!./locales/*/sms.json',
  ],
  { import: 'default' },
);

const namespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = namespaceFiles[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No namespace ${namespace} for ${language}`), false);
    load().then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, false),
    );
  },
};

const instances = new Map<LanguageCode, i18n>();

/**
 * The i18next instance of a language, created once and shared by every request (server) or page (browser).
 * Namespaces come in as they are needed: the server loads every page namespace (`pageTranslations`), the
 * browser starts with those the server sent (`bootResources`) and loads the others when a page needs them.
 */
export function i18nFor(language: LanguageCode): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance(language, bootResources(language));
    instances.set(language, instance);
  }
  return instance;
}

function createInstance(language: LanguageCode, resources: ResourceLanguage | undefined): i18n {
  const instance = i18next.createInstance();
  instance
    .use(namespaceBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: [],
      defaultNS: SHELL_NAMESPACE,
      // A key is looked up in every loaded namespace: its prefix lives in one of them.
      fallbackNS: PAGE_NAMESPACES.filter((namespace) => namespace !== SHELL_NAMESPACE),
      resources: resources ? { [language]: resources } : {},
      partialBundledLanguages: true,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  // i18next's dir() builds an Intl.Locale on every call; the direction of our languages is a table lookup.
  instance.dir = (code = language) => directionOf(code as LanguageCode);
  return instance;
}

/** Server: the language's instance with every page namespace loaded (read once, then kept). */
export async function pageTranslations(language: LanguageCode): Promise<i18n> {
  const instance = i18nFor(language);
  const missing = PAGE_NAMESPACES.filter((namespace) => !instance.hasResourceBundle(language, namespace));
  if (missing.length > 0) await instance.loadNamespaces(missing);
  return instance;
}

/** The page namespace holding a key's top-level prefix, in an instance that has them all loaded. */
export function namespaceOfKey(instance: i18n, key: string): PageNamespace | undefined {
  const prefix = key.split('.')[0] ?? '';
  return PAGE_NAMESPACES.find((namespace) => instance.getResource(instance.language, namespace, prefix) !== undefined);
}

/** Where the server puts the namespaces of a page, for the browser to start with (see boot.tsx). */
export const BOOT_ELEMENT_ID = 'i18n-resources';

interface Boot {
  text: string;
  language: LanguageCode;
  resources: ResourceLanguage;
}

let boot: Boot | null | undefined;

/** Browser: the serialized namespaces of the first page, read once from the document. */
export function readBoot(): Boot | null {
  if (boot !== undefined) return boot;
  const text = typeof document === 'undefined' ? null : document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  boot = text ? { text, ...(JSON.parse(text) as Omit<Boot, 'text'>) } : null;
  return boot;
}

function bootResources(language: LanguageCode) {
  const found = readBoot();
  return found?.language === language ? found.resources : undefined;
}

const bootTexts = new Map<string, string>();

/** Server: the JSON of a page's namespaces, made once per language and set of namespaces. */
export function bootText(language: LanguageCode, namespaces: readonly PageNamespace[]): string {
  const cacheKey = `${language}|${namespaces.join(',')}`;
  let text = bootTexts.get(cacheKey);
  if (text === undefined) {
    const instance = i18nFor(language);
    const resources = Object.fromEntries(
      namespaces.map((namespace) => [namespace, instance.getResourceBundle(language, namespace)]),
    );
    // "<" escaped so no text can close the script element it is written in.
    text = JSON.stringify({ language, resources }).replaceAll('<', '\\u003c');
    bootTexts.set(cacheKey, text);
  }
  return text;
}

/**
 * Translates a key known only at run time (a service's message, a validation message, a flash notice), which
 * the type check cannot verify; every key written in the code goes through the typed t() instead.
 */
export function translateKey(t: TFunction, key: string, values?: Record<string, string | number>): string {
  return (t as unknown as (key: string, options?: object) => string)(key, values);
}

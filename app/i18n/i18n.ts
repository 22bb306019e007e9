import i18next, { type BackendModule, type i18n, type ParseKeys, type ResourceLanguage, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, isLanguageCode, type LanguageCode } from '../../contract/language.ts';
import { PAGE_NAMESPACES, type PageNamespace, SHELL_NAMESPACE } from './namespaces.ts';

/** A key of a page namespace ("auth.login"); a wrong key fails the type check (see i18next.d.ts). */
export type MessageKey = ParseKeys;

/** The namespace files' loaders (app/i18n/namespace-files.ts), a chunk fetched after the page has loaded. */
const namespaceFiles = () => import('./namespace-files.ts').then((module) => module.namespaceFiles);

const namespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    namespaceFiles()
      .then((files) => {
        const load = files[`./locales/${language}/${namespace}.json`];
        if (!load) throw new Error(`No namespace ${namespace} for ${language}`);
        return load();
      })
      .then(
        (resources) => callback(null, resources),
        (error: Error) => callback(error, false),
      );
  },
};

/**
 * Browser: fetch the loaders once the page has loaded, so that the first navigation needing another namespace
 * waits for that namespace's file only.
 */
function prefetchNamespaceFiles() {
  if (typeof window === 'undefined') return;
  const prefetch = () => setTimeout(() => void namespaceFiles().catch(() => undefined), 0);
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}

const instances = new Map<LanguageCode, i18n>();

/**
 * The i18next instance of a language, created once and shared by every request (server) or page (browser).
 * Namespaces come in as they are needed: the server loads every page namespace (`pageTranslations`), the
 * browser starts with those the server sent (`bootResources`) and loads the others when a page needs them.
 */
export function i18nFor(language: LanguageCode): i18n {
  let instance = instances.get(language);
  if (!instance) {
    if (instances.size === 0) prefetchNamespaceFiles();
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

/** The element that names the bundle of the first page's namespaces (see page-translations.tsx). */
export const BOOT_ELEMENT_ID = 'i18n-resources';

interface Boot {
  src: string;
  language: LanguageCode;
  resources: ResourceLanguage;
}

let boot: Boot | null = null;

/**
 * Browser, before hydration: fetches the bundle of the first page's namespaces that the server named (and
 * asked the browser to preload). Without it the page still hydrates: its namespaces load on their own.
 */
export async function loadBoot(): Promise<void> {
  const src = document.getElementById(BOOT_ELEMENT_ID)?.dataset.src;
  if (!src) return;
  try {
    const response = await fetch(src);
    if (!response.ok) return;
    boot = { src, ...((await response.json()) as Omit<Boot, 'src'>) };
  } catch {
    // Offline or refused: the namespaces load lazily instead.
  }
}

/** Browser: the bundle of the first page's namespaces, once loaded. */
export function readBoot(): Boot | null {
  return boot;
}

function bootResources(language: LanguageCode) {
  const found = readBoot();
  return found?.language === language ? found.resources : undefined;
}

interface BootBundle {
  /** The address the browser fetches it from: language, namespaces and a hash of the text. */
  src: string;
  text: string;
}

const bootBundles = new Map<string, BootBundle>();
/** Pages use a few dozen sets of namespaces; anyone may ask for any set, so the kept ones are bounded. */
const MAX_BOOT_BUNDLES = 256;
const BUNDLE_NAME = /^([a-z]{2})\.([a-z+]{1,200})\.([0-9a-f]{12})\.json$/;

/**
 * Server: the JSON of a page's namespaces, made once per language and set of namespaces, and the address of
 * it (/i18n/<language>.<namespaces>.<hash>.json): the same for every page with those namespaces, so browsers
 * and CDNs keep it for good instead of reading it again inside every page.
 */
export function bootBundle(language: LanguageCode, namespaces: readonly PageNamespace[]): BootBundle {
  const cacheKey = `${language}|${namespaces.join(',')}`;
  let bundle = bootBundles.get(cacheKey);
  if (bundle === undefined) {
    const instance = i18nFor(language);
    const resources = Object.fromEntries(
      namespaces.map((namespace) => [namespace, instance.getResourceBundle(language, namespace)]),
    );
    const text = JSON.stringify({ language, resources });
    const hash = contentHash(text);
    bundle = { text, src: `/i18n/${language}.${namespaces.join('+')}.${hash}.json` };
    if (bootBundles.size >= MAX_BOOT_BUNDLES) bootBundles.clear();
    bootBundles.set(cacheKey, bundle);
  }
  return bundle;
}

/** The language, namespaces and hash a bundle's file name names; null when it names none we have. */
export function parseBootBundleName(name: string) {
  const match = BUNDLE_NAME.exec(name);
  if (!match) return null;
  const [, language, list = '', hash = ''] = match;
  const namespaces = list.split('+');
  if (!isLanguageCode(language)) return null;
  // Only the one spelling pages use: known namespaces, each once, in PAGE_NAMESPACES order.
  const canonical = PAGE_NAMESPACES.filter((namespace) => namespaces.includes(namespace));
  if (canonical.join('+') !== list) return null;
  return { language, namespaces: canonical, hash };
}

/** A short hash of a text (FNV-1a, twice over, 48 bits): enough to tell versions of a bundle apart. */
function contentHash(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x01000193;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 16777619) >>> 0;
    second = Math.imul(second ^ code, 2246822519) >>> 0;
  }
  return (first.toString(16).padStart(8, '0') + second.toString(16).padStart(8, '0')).slice(0, 12);
}

/**
 * Translates a key known only at run time (a service's message, a validation message, a flash notice), which
 * the type check cannot verify; every key written in the code goes through the typed t() instead.
 */
export function translateKey(t: TFunction, key: string, values?: Record<string, string | number>): string {
  return (t as unknown as (key: string, options?: object) => string)(key, values);
}

import type { LanguageCode } from '../../contract/language.ts';
import type en from './locales/en.json';

export type Messages = typeof en;

const loaders = import.meta.glob<{ default: Messages }>('./locales/*.json');

const loaded = new Map<LanguageCode, Messages>();

/** Loads one language's messages once; only the requested file is fetched in the browser. */
export async function loadMessages(language: LanguageCode): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const load = loaders[`./locales/${language}.json`];
  if (!load) throw new Error(`No messages for language ${language}`);
  const messages = (await load()).default;
  loaded.set(language, messages);
  return messages;
}

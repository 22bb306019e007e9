import type { LanguageCode } from '../../contract/constants.ts';
import type en from './locales/en.json';

export type Messages = typeof en;

const loaders = import.meta.glob<{ default: Messages }>('./locales/*.json');

/** Loads one language's messages; only the requested file is fetched in the browser. */
export async function loadMessages(language: LanguageCode): Promise<Messages> {
  const load = loaders[`./locales/${language}.json`];
  if (!load) throw new Error(`No messages for language ${language}`);
  return (await load()).default;
}

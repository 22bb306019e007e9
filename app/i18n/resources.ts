import type { LanguageCode } from '../../contract/language.ts';
import type admin from './locales/en/admin.json';
import type api from './locales/en/api.json';
import type auth from './locales/en/auth.json';
import type catalog from './locales/en/catalog.json';
import type common from './locales/en/common.json';
import type content from './locales/en/content.json';
import type forms from './locales/en/forms.json';
import type mail from './locales/en/mail.json';
import type profile from './locales/en/profile.json';
import type sms from './locales/en/sms.json';

/** Every namespace's sections merged, as pages read them until each route loads only its namespaces. */
export type Messages = typeof common &
  typeof forms &
  typeof auth &
  typeof profile &
  typeof content &
  typeof catalog &
  typeof api &
  typeof admin &
  typeof mail &
  typeof sms;

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const loaded = new Map<LanguageCode, Messages>();

/** Loads one language's messages once; only that language's files are fetched in the browser. */
export async function loadMessages(language: LanguageCode): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const files = Object.entries(loaders).filter(([path]) => path.startsWith(`./locales/${language}/`));
  if (files.length === 0) throw new Error(`No messages for language ${language}`);
  const parts = await Promise.all(files.map(async ([, load]) => (await load()).default));
  const messages = Object.assign({}, ...parts) as Messages;
  loaded.set(language, messages);
  return messages;
}

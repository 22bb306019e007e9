import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../contract/language.ts';

type Tree = { [key: string]: string | Tree };

const folder = new URL('./locales/', import.meta.url);
const namespacesOf = (code: string) =>
  readdirSync(new URL(`${code}/`, folder))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
const load = (code: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`${code}/${namespace}.json`, folder), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else for (const [childKey, childValue] of flatten(value, `${prefix}${key}.`)) entries.set(childKey, childValue);
  }
  return entries;
}

/** All texts of a language, keyed "namespace:dotted.key". */
function messagesOf(code: string) {
  const entries = new Map<string, string>();
  for (const namespace of namespacesOf(code)) {
    for (const [key, text] of flatten(load(code, namespace))) entries.set(`${namespace}:${key}`, text);
  }
  return entries;
}

/**
 * i18next plurals: a key used with a count has one form per plural category of its language (key_one,
 * key_other; Arabic also key_zero, key_two, key_few, key_many), so the languages hold different forms of the
 * same key. They are compared by the key without its form.
 */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const withoutForm = (key: string) => key.replace(PLURAL_FORM, '');
const baseKeysOf = (entries: Map<string, string>) => [...new Set([...entries.keys()].map(withoutForm))].sort();
/** The plural keys of a language (without their form) and the forms each one holds. */
function pluralFormsOf(entries: Map<string, string>) {
  const forms = new Map<string, string[]>();
  for (const key of entries.keys()) {
    const form = PLURAL_FORM.exec(key)?.[1];
    if (form) forms.set(withoutForm(key), [...(forms.get(withoutForm(key)) ?? []), form].sort());
  }
  return forms;
}
const pluralCategories = (code: string) => [...new Intl.PluralRules(code).resolvedOptions().pluralCategories].sort();

const englishNamespaces = namespacesOf('en');
const english = messagesOf('en');
const englishText = (key: string) => [...english].find(([namespaced]) => namespaced.endsWith(`:${key}`))?.[1];
const placeholders = (text: string) =>
  [
    ...[...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]),
    // Tags that wrap a link or emphasis (<policy>…</policy>) must survive translation too.
    ...[...text.matchAll(/<\/?(\w+)>/g)].map((match) => match[0]),
  ].sort();
/**
 * Values that read the same as English in many languages: names, units, punctuation and international words
 * (not prose). They do not count against a language; any other copy does, up to a handful of common words.
 */
/** A text of placeholders and signs only ("{{item}}: {{reason}}") reads the same in every language. */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\{\w+\}\}/g, ''));

const SAME_IN_MANY_LANGUAGES = new Set([
  'common:app.name',
  'common:dialog.ok',
  'forms:fields.cardCvv',
  'forms:fields.whatsapp',
  'forms:fields.messenger',
  'items:item.facts.listSeparator',
  'items:item.vehicle.kilometres',
  'items:item.vehicle.model',
  'items:item.page.video',
  'items:item.facts.status',
  'profile:profile.starCountPercent',
  'chat:chat.online',
  'notifications:notifications.title',
  'notifications:notifications.channels.push',
  'notifications:notifications.channels.email',
  'notifications:notifications.settings.kind',
  'common:meta.notificationListTitle',
  'common:meta.notificationTitle',
  'chat:chat.offline',
  'common:meta.chatTitle',
  'console:console.editor.link',
  'console:console.banners.link',
  'console:console.collections.listTitle',
  'console:console.broadcast.messageLabel',
  'console:console.blog.bodyLabel',
  'console:console.blog.photoTitle',
  'console:console.content.pagesTitle',
]);
const SAME_AS_ENGLISH_ALLOWED = 5;

describe('locale folders', () => {
  it('hold the same namespace files in all 16 languages', () => {
    expect(readdirSync(folder).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const code of LANGUAGE_CODES) expect(namespacesOf(code), code).toEqual(englishNamespaces);
  });

  it('keep each top-level prefix in exactly one namespace', () => {
    const holders = new Map<string, string[]>();
    for (const namespace of englishNamespaces) {
      for (const prefix of Object.keys(load('en', namespace)))
        holders.set(prefix, [...(holders.get(prefix) ?? []), namespace]);
    }
    const shared = [...holders].filter(([, namespaces]) => namespaces.length > 1);
    expect(shared, 'prefixes found in several namespaces').toEqual([]);
  });
});

describe.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('locale %s', (code) => {
  const messages = messagesOf(code);

  it('has every key of English, in the same namespace, and no other', () => {
    expect(baseKeysOf(messages)).toEqual(baseKeysOf(english));
  });

  it('has exactly the plural forms of its language for each key English has in plural', () => {
    const forms = pluralFormsOf(messages);
    expect([...forms.keys()].sort()).toEqual([...pluralFormsOf(english).keys()].sort());
    for (const [key, held] of forms) expect(held, `${code}: ${key}`).toEqual(pluralCategories(code));
  });

  it('has no empty value and keeps every placeholder', () => {
    for (const [key, text] of english) {
      if (PLURAL_FORM.test(key)) continue;
      const translated = messages.get(key) ?? '';
      expect(translated.trim(), `${code}: ${key} is empty`).not.toBe('');
      expect(placeholders(translated), `${code}: ${key} placeholders`).toEqual(placeholders(text));
    }
    // A plural form may leave the number out ("إعلانان", two ads), never name one English does not have.
    for (const [key, translated] of messages) {
      if (!PLURAL_FORM.test(key)) continue;
      expect(translated.trim(), `${code}: ${key} is empty`).not.toBe('');
      const allowed = new Set(placeholders(english.get(`${withoutForm(key)}_other`) ?? ''));
      for (const placeholder of placeholders(translated))
        expect(allowed.has(placeholder), `${code}: ${key} has ${placeholder}`).toBe(true);
    }
  });

  it('is translated, not copied from English', () => {
    const copied = [...english]
      .filter(([key, text]) => messages.get(key) === text && hasWords(text) && !SAME_IN_MANY_LANGUAGES.has(key))
      .map(([key]) => key);
    expect(copied.length, `${code} copies English for: ${copied.join(', ')}`).toBeLessThanOrEqual(
      SAME_AS_ENGLISH_ALLOWED,
    );
  });
});

describe('locale en', () => {
  it('has the plural forms of English for each key in plural', () => {
    for (const [key, held] of pluralFormsOf(english)) expect(held, key).toEqual(pluralCategories('en'));
  });

  it('holds the exact texts the specification quotes', () => {
    expect(englishText('notFound.message')).toBe("Oops, it looks like the page you're looking for doesn't exist.");
    expect(englishText('messages.noResult')).toBe('No Result Found !');
    expect(englishText('messages.noResultHint')).toBe('Please adjust the filters or clear filters for results.');
    expect(englishText('validation.passwordsMismatch')).toBe('Passwords do not match.');
    expect(englishText('validation.selectPrivacy')).toBe('Please select privacy policy!');
    expect(englishText('validation.emailFormat')).toBe('Your email format is wrong.');
    expect(englishText('validation.agreePrivacy')).toBe('You need to agree privacy policy.');
    expect(englishText('validation.verificationCode')).toBe('Your verification code is not correct.');
    expect(englishText('validation.passwordConfirm')).toBe('Your password and confirm password are not same.');
    expect(englishText('validation.promotionDate')).toBe('Your selected date is invalid.');
    expect(englishText('validation.blueMarkNote')).toBe('Please input note.');
    expect(englishText('validation.imageRequired')).toBe('Please upload at least one image.');
    expect(englishText('validation.priceRange')).toBe('Your min and max price are not valid.');
    expect(englishText('messages.loginSuccess')).toBe('Login Success');
    expect(englishText('messages.profileUpdated')).toBe('Profile has been updated.');
    expect(englishText('messages.googleLoginFailed')).toBe('Google login failed.');
    expect(englishText('messages.facebookLoginFailed')).toBe('Facebook login failed.');
    expect(englishText('messages.phoneSignInFailed')).toBe('Error in Sign In');
    expect(englishText('messages.phoneChangeFailed')).toBe('Error in Changing Phone Number');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../contract/language.ts';

type Tree = { [key: string]: string | Tree };

const load = (code: string) =>
  JSON.parse(readFileSync(new URL(`./locales/${code}.json`, import.meta.url), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else for (const [childKey, childValue] of flatten(value, `${prefix}${key}.`)) entries.set(childKey, childValue);
  }
  return entries;
}

const english = flatten(load('en'));
const placeholders = (text: string) =>
  [
    ...[...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]),
    // Tags that wrap a link or emphasis (<policy>…</policy>) must survive translation too.
    ...[...text.matchAll(/<\/?(\w+)>/g)].map((match) => match[0]),
  ].sort();
/** Values that may read the same as English in another language: names and tokens, not prose. */
const SAME_AS_ENGLISH_ALLOWED = 5;

describe.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('locale %s', (code) => {
  const messages = flatten(load(code));

  it('has every key of English and no other', () => {
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty value and keeps every placeholder', () => {
    for (const [key, text] of english) {
      const translated = messages.get(key) ?? '';
      expect(translated.trim(), `${code}: ${key} is empty`).not.toBe('');
      expect(placeholders(translated), `${code}: ${key} placeholders`).toEqual(placeholders(text));
    }
  });

  it('is translated, not copied from English', () => {
    const copied = [...english].filter(([key, text]) => messages.get(key) === text).map(([key]) => key);
    expect(copied.length, `${code} copies English for: ${copied.join(', ')}`).toBeLessThanOrEqual(
      SAME_AS_ENGLISH_ALLOWED,
    );
  });
});

describe('locale en', () => {
  it('holds the exact texts the specification quotes', () => {
    expect(english.get('notFound.message')).toBe("Oops, it looks like the page you're looking for doesn't exist.");
    expect(english.get('messages.noResult')).toBe('No Result Found !');
    expect(english.get('messages.noResultHint')).toBe('Please adjust the filters or clear filters for results.');
    expect(english.get('validation.passwordsMismatch')).toBe('Passwords do not match.');
    expect(english.get('validation.selectPrivacy')).toBe('Please select privacy policy!');
    expect(english.get('validation.emailFormat')).toBe('Your email format is wrong.');
    expect(english.get('validation.agreePrivacy')).toBe('You need to agree privacy policy.');
    expect(english.get('validation.verificationCode')).toBe('Your verification code is not correct.');
    expect(english.get('validation.passwordConfirm')).toBe('Your password and confirm password are not same.');
    expect(english.get('validation.promotionDate')).toBe('Your selected date is invalid.');
    expect(english.get('validation.blueMarkNote')).toBe('Please input note.');
    expect(english.get('validation.imageRequired')).toBe('Please upload at least one image.');
    expect(english.get('validation.priceRange')).toBe('Your min and max price are not valid.');
    expect(english.get('messages.loginSuccess')).toBe('Login Success');
    expect(english.get('messages.profileUpdated')).toBe('Profile has been updated.');
    expect(english.get('messages.googleLoginFailed')).toBe('Google login failed.');
    expect(english.get('messages.facebookLoginFailed')).toBe('Facebook login failed.');
    expect(english.get('messages.phoneSignInFailed')).toBe('Error in Sign In');
    expect(english.get('messages.phoneChangeFailed')).toBe('Error in Changing Phone Number');
  });
});

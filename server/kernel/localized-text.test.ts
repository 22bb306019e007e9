import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../contract/language.ts';
import { createTestDatabase } from '../testing/database.ts';
import { languagePreference, localizedText, pickByLanguage } from './localized-text.ts';

describe('text in the reader’s language', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  beforeAll(async () => {
    db = (await createTestDatabase()).db;
  });

  const pick = async (texts: Record<string, string>, language: LanguageCode, defaultText?: string) => {
    const json = sql`${JSON.stringify(texts)}::jsonb`;
    const result = await db.execute<{ text: string }>(
      sql`select ${localizedText(json, language, defaultText === undefined ? undefined : sql`${defaultText}::text`)} as text`,
    );
    return result.rows[0]?.text;
  };

  it('prefers the reader’s language, then English, then Arabic, then the default text, then any', async () => {
    expect(languagePreference('de')).toEqual(['de', 'en', 'ar']);
    expect(languagePreference('ar')).toEqual(['ar', 'en']);
    expect(await pick({ de: 'Hallo', en: 'Hello', ar: 'مرحبا' }, 'de')).toBe('Hallo');
    expect(await pick({ en: 'Hello', ar: 'مرحبا' }, 'de')).toBe('Hello');
    expect(await pick({ ar: 'مرحبا', fr: 'Bonjour' }, 'de')).toBe('مرحبا');
    expect(await pick({ fr: 'Bonjour' }, 'de', 'Default')).toBe('Default');
    expect(await pick({ fr: 'Bonjour' }, 'de')).toBe('Bonjour');
    expect(await pick({}, 'de')).toBe('');
  });

  it('picks the same way among rows written one per language', () => {
    const rows = [{ lang: 'fr' }, { lang: 'ar' }, { lang: 'en' }];
    expect(pickByLanguage(rows, 'de')).toEqual({ lang: 'en' });
    expect(pickByLanguage(rows, 'fr')).toEqual({ lang: 'fr' });
    expect(pickByLanguage([{ lang: 'fr' }], 'de')).toEqual({ lang: 'fr' });
    expect(pickByLanguage([], 'de')).toBeUndefined();
  });
});

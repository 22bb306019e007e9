import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../contract/language.ts';

/**
 * The one rule for text the operator wrote in several languages: the reader's language, else English, else
 * Arabic (the default language), else the row's own default text, else any language there is, else empty.
 */
export function languagePreference(language: LanguageCode): LanguageCode[] {
  return [...new Set<LanguageCode>([language, 'en', DEFAULT_LANGUAGE])];
}

/** The text of a JSON column of translations ({ "ar": …, "en": … }) in the reader's language, as SQL. */
export function localizedText(
  texts: AnyPgColumn | SQL,
  language: LanguageCode,
  defaultText?: AnyPgColumn | SQL,
): SQL<string> {
  const preferred = languagePreference(language).map((code) => sql`${texts}->>${code}`);
  const fallbacks = [
    ...(defaultText ? [sql`${defaultText}`] : []),
    sql`(select value from jsonb_each_text(${texts}) limit 1)`,
    sql`''`,
  ];
  return sql<string>`coalesce(${sql.join([...preferred, ...fallbacks], sql`, `)})`;
}

/** Of rows written one per language, the one the reader should see (the same order). */
export function pickByLanguage<T extends { lang: string }>(rows: T[], language: LanguageCode): T | undefined {
  for (const code of languagePreference(language)) {
    const row = rows.find((candidate) => candidate.lang === code);
    if (row) return row;
  }
  return rows[0];
}

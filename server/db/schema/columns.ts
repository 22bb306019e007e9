import { customType, integer, jsonb, smallint, timestamp } from 'drizzle-orm/pg-core';

/** Names of a row in each language, keyed by language code (`{ ar: '...', en: '...' }`). */
export type LocalizedText = Record<string, string>;

export const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull().default({});

export const addedDate = () => timestamp('added_date', { withTimezone: true }).notNull().defaultNow();
export const updatedDate = () => timestamp('updated_date', { withTimezone: true });

/** Shared status code: 1 published, 0 unpublished (lookups, categories, content). */
export const publishStatus = () => smallint('status').notNull().default(1);

export const ordering = () => integer('ordering').notNull().default(0);

export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

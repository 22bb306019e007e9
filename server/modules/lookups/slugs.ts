import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/database.ts';

/** Lower-case ASCII words joined by hyphens, at most 60 characters ("Home & Garden" is "home-garden"). */
export function slugOf(text: string) {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** A slug from the English name, made unique in `slug`'s table with a number ("boats-2") when it is taken. */
export async function uniqueSlug(db: Db, where: { table: PgTable; slug: AnyPgColumn }, name: string, fallback: string) {
  const base = slugOf(name) || fallback;
  const taken = await db
    .select({ slug: where.slug })
    .from(where.table)
    .where(sql`${where.slug} = ${base} or ${where.slug} like ${`${base}-%`}`);
  const used = new Set(taken.map((row) => row.slug as string));
  if (!used.has(base)) return base;
  let suffix = 2;
  while (used.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

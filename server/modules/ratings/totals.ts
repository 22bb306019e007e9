import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../../kernel/database.ts';
import { ratings } from './schema.ts';

/**
 * A person's overall rating (the average, two decimals) and how many rated them, from the rows an operator did not
 * hide: for users' counters.
 */
export const ratingTotals = {
  averageOf: (userId: SQL | AnyPgColumn | string) =>
    sql<string>`(select coalesce(round(avg(${ratings.rating})::numeric, 2), 0) from ${ratings} where ${ratings.toUserId} = ${qualified(userId)} and ${ratings.hiddenAt} is null)`,
  countOf: (userId: SQL | AnyPgColumn | string) =>
    sql<number>`(select count(*)::int from ${ratings} where ${ratings.toUserId} = ${qualified(userId)} and ${ratings.hiddenAt} is null)`,
};

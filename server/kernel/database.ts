import { Column, getTableName, is, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';

/**
 * The database as modules see it: SQL over the tables each module declares in its own schema.ts. No relational
 * schema is attached, so nothing here names another module's tables (docs/decisions/0008).
 */
export type Db = NodePgDatabase;
/** The handle inside `db.transaction(...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: for work that may run inside a caller's transaction or on its own. */
export type DbOrTx = Db | Tx;

/** PostgreSQL's unique_violation, as drizzle wraps it. */
export const isUniqueViolation = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === '23505';
/** A row that refers to one that does not exist (PostgreSQL 23503). */
export const isForeignKeyViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23503';

/**
 * A column written as "table"."column" wherever it lands. Drizzle leaves the columns of a one-table query
 * unqualified, so a column handed to a fragment that reads another table ("item_id" = "id") would name that
 * table's own column. Fragments for other modules' SQL pass what they are given through here; values pass as
 * they are.
 */
export function qualified<T extends SQL | AnyPgColumn | string | Placeholder>(value: T): SQL | T {
  if (!is(value, Column)) return value;
  return sql`${sql.identifier(getTableName(value.table))}.${sql.identifier(value.name)}`;
}

/**
 * Latest first, in the order the lists' indexes are built ("desc nulls last", drizzle's `.desc()` in an index).
 * drizzle's `desc()` in a query is "nulls first" to PostgreSQL, which cannot read such an index in order: it
 * reads and sorts every row of the list to return one page.
 */
export const latestFirst = (column: AnyPgColumn | SQL) => sql`${column} desc nulls last`;

const dialect = new PgDialect();

/**
 * Runs a query as a named prepared statement of the connection: PostgreSQL parses it once per connection and,
 * after a few runs, keeps one plan for it. For a hot query whose planning costs about as much as its run. `name`
 * must always carry the same text: only the parameters may differ.
 */
export async function executePrepared<Row extends Record<string, unknown>>(
  db: DbOrTx,
  name: string,
  query: SQL,
): Promise<{ rows: Row[] }> {
  const prepared = db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    dialect.sqlToQuery(query),
    undefined,
    name,
    false,
  );
  return prepared.execute();
}

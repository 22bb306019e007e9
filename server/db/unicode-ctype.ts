import type pg from 'pg';
import type { Logger } from 'pino';

/**
 * libc's UTF-8 C locale, built into glibc. pg_trgm and the text-search parser classify letters by the
 * database's LC_CTYPE; under "C" they see no letter in Arabic (show_trgm('مرسيدس') is {}), so no Arabic word
 * could be corrected. Sorting stays "C" (LC_COLLATE), and so do the builtin provider's upper and lower.
 */
export const UNICODE_CTYPE = 'C.UTF-8';
const PENDING_MARK = 'souk: rebuilding for the Unicode ctype';

type Connect = (database?: string) => pg.Client;

const isUnicode = (ctype: string) => /utf-?8/i.test(ctype);

/**
 * Gives a data folder created before UTF-8 ctypes (LC_CTYPE "C") the Unicode one, once: the catalog's
 * ctype is changed (PostgreSQL offers no ALTER for it; a new backend reads it when it connects), then what
 * was computed under the old one is computed again. The database's comment marks the rebuild as pending
 * until it ends, so a crash in between rebuilds at the next start.
 */
export async function ensureUnicodeCtype(connect: Connect, database: string, logger: Pick<Logger, 'warn' | 'info'>) {
  const admin = connect();
  await admin.connect();
  try {
    const found = await admin.query<{ ctype: string; note: string | null }>(
      `select datctype as ctype, shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
      [database],
    );
    const row = found.rows[0];
    if (!row || (isUnicode(row.ctype) && row.note !== PENDING_MARK)) return;
    // A ctype the machine lacks would keep every new connection out: only one its PostgreSQL knows is set.
    const available = await admin.query<{ ctype: string }>(
      `select collctype as ctype from pg_collation where collprovider = 'c' and collctype ~* '^c[.]utf-?8$' limit 1`,
    );
    const ctype = available.rows[0]?.ctype;
    if (!ctype) {
      logger.warn({ database }, 'this machine has no C.UTF-8 locale; Arabic typos will not be corrected');
      return;
    }
    logger.warn(
      { database, ctype: row.ctype },
      'moving the database to the Unicode ctype; its text indexes are rebuilt',
    );
    await admin.query(`comment on database ${admin.escapeIdentifier(database)} is '${PENDING_MARK}'`);
    await admin.query(`update pg_database set datctype = $1 where datname in ($2, 'template1')`, [ctype, database]);
  } finally {
    await admin.end();
  }
  await rebuildUnderNewCtype(connect, database);
  const done = connect();
  await done.connect();
  await done.query(`comment on database ${done.escapeIdentifier(database)} is null`).finally(() => done.end());
  logger.info({ database }, 'the database now classifies letters by Unicode');
}

/** Stored text-search columns are computed again (which rebuilds their table's indexes), then the other text indexes. */
async function rebuildUnderNewCtype(connect: Connect, database: string) {
  const client = connect(database);
  await client.connect();
  try {
    const generated = await client.query<{ relation: string; column: string; expression: string }>(`
      select c.oid::regclass::text as relation, a.attname as column, pg_get_expr(d.adbin, d.adrelid) as expression
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attgenerated = 's' and n.nspname = 'public' and pg_get_expr(d.adbin, d.adrelid) ~ 'tsvector|souk_'`);
    for (const { relation, column, expression } of generated.rows) {
      await client.query(
        `alter table ${relation} alter column ${client.escapeIdentifier(column)} set expression as (${expression})`,
      );
    }
    const rewritten = generated.rows.map((row) => row.relation);
    const indexes = await client.query<{ index: string }>(
      `select i.indexrelid::regclass::text as index
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and not (i.indrelid::regclass::text = any($1))
         and pg_get_indexdef(i.indexrelid) ~ 'trgm_ops|tsvector|souk_|lower\\(|upper\\('`,
      [rewritten],
    );
    for (const { index } of indexes.rows) await client.query(`reindex index ${index}`);
  } finally {
    await client.end();
  }
}

/**
 * An external database made under a ctype that sees no Arabic letter finds no Arabic typo: said once at
 * start, with the fix (README "Running on an external PostgreSQL").
 */
export async function warnWhenLettersUnseen(pool: pg.Pool, logger: Pick<Logger, 'warn'>) {
  const result = await pool.query<{ ctype: string; sees: boolean }>(
    `select datctype as ctype, show_trgm('مرسيدس') <> '{}' as sees from pg_database where datname = current_database()`,
  );
  const row = result.rows[0];
  if (row && !row.sees) {
    logger.warn(
      { ctype: row.ctype },
      `this database's ctype sees no Arabic letters, so Arabic typos are never corrected; create it with LC_CTYPE ${UNICODE_CTYPE}`,
    );
  }
}

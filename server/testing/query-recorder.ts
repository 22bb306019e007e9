import pg from 'pg';

export interface RecordedQuery {
  text: string;
  values: unknown[];
}

/**
 * Records every query that reaches PostgreSQL through `pg` from now on, with its parameters: a test can then
 * explain what the app or a library really sent rather than a copy of it. Call it in a beforeAll.
 */
export function recordQueries(): RecordedQuery[] {
  const recorded: RecordedQuery[] = [];
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function record(this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text?: string; values?: unknown[] }, unknown];
    const text = typeof first === 'string' ? first : first?.text;
    const values = typeof first === 'string' ? second : (first?.values ?? second);
    if (text) recorded.push({ text, values: Array.isArray(values) ? values : [] });
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return recorded;
}

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RecordedQuery, recordQueries } from '../../testing/query-recorder.ts';
import { createOrPromoteAdmin, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/**
 * better-auth finds an account by `user_email = $1` with the address in lower case. Stored addresses are
 * canonical (lower case), so that lookup is one index probe and every account can be found by it.
 */
const ctx = useTestApp();
let queries: RecordedQuery[] = [];

// Records what reaches PostgreSQL, to explain the library's own query rather than a copy of it.
beforeAll(() => {
  queries = recordQueries();
});

const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { user_email: email, user_password: password, privacy: 'on' },
  });

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** How PostgreSQL reads users for a query, with sequential scans ruled out wherever an index could serve. */
async function howUsersAreRead(text: string, values: unknown[]) {
  const client = await ctx.database.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const result = await client.query(`explain (format json) ${text}`, values);
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      if (node['Relation Name'] === 'users') nodes.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(result.rows[0]['QUERY PLAN'][0].Plan);
    return nodes.map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('finding an account by its e-mail address', () => {
  it('every query that finds a user by address (the library and ours) uses the index', async () => {
    queries.length = 0;
    expect((await login('User05@Souk.test', 'souk-demo-2026')).statusCode).toBe(200);
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { user_email: 'User06@Souk.test' },
    });
    expect(forgot.statusCode).toBe(200);
    const byAddress = queries.filter(({ text }) => /from "users".* where .*"user_email"/s.test(text));
    // better-auth's own lookup (the password reset) is among them.
    expect(byAddress.some(({ text }) => /where "users"."user_email" = \$1/.test(text))).toBe(true);
    for (const { text, values } of byAddress) {
      expect(await howUsersAreRead(text, values), text).toEqual([
        expect.stringMatching(/^Index (Only )?Scan users_email_unique$/),
      ]);
    }
  });

  it('an administrator created with capitals in the address signs in', async () => {
    await createOrPromoteAdmin(ctx.database.db, 'Chief.Editor@Souk.TEST', async () => 'chief-editor-2026');
    const [stored] = await ctx.database.db
      .select({ email: users.userEmail })
      .from(users)
      .where(eq(users.userEmail, 'chief.editor@souk.test'));
    expect(stored?.email).toBe('chief.editor@souk.test');
    expect((await login('Chief.Editor@Souk.TEST', 'chief-editor-2026')).statusCode).toBe(200);
  });

  it('the database keeps addresses canonical and unique', async () => {
    const insert = (id: string, email: string) =>
      ctx.database.db.insert(users).values({ id, userName: id, userEmail: email });
    await expect(insert('mixed-case', 'Someone@Souk.test')).rejects.toThrow();
    await insert('lower-case', 'someone@souk.test');
    await expect(insert('lower-case-again', 'someone@souk.test')).rejects.toThrow();
    const [count] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.userEmail}) = 'someone@souk.test'`);
    expect(count?.count).toBe(1);
  });
});

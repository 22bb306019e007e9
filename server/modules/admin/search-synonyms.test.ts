import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, items } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { rebuildSearchWords } from '../search/index.ts';

/** Issue 25 point 2: the operator's own groups of search words, and a search that finds a listing through one. */

const test = useTestApp({ users: [4], admin: true });
const { db, call, jobsDone } = test;

const save = (groups: string) => call('POST', '/admin/search-synonyms', test.adminToken, { groups });
const saved = async () => (await call('GET', '/admin/search-synonyms', test.adminToken)).body.data.groups;

async function titlesFound(term: string) {
  const answer = await call('GET', `/items?search_term=${encodeURIComponent(term)}&limit=50`);
  expect(answer.status, answer.body.message).toBe(200);
  return (answer.body.data.items as Array<{ title: string }>).map((item) => item.title);
}

describe("the operator's search words", () => {
  it('are for administrators only: a member gets 403, a visitor 401', async () => {
    expect((await call('GET', '/admin/search-synonyms', test.token(4))).status).toBe(403);
    expect((await call('POST', '/admin/search-synonyms', test.token(4), { groups: 'a, b' })).status).toBe(403);
    expect((await call('GET', '/admin/search-synonyms')).status).toBe(401);
    expect((await call('POST', '/admin/search-synonyms', undefined, { groups: 'a, b' })).status).toBe(401);
  });

  it('are saved and read back, a line a group; a one-word line is refused and changes nothing', async () => {
    const answer = await save('sofa, couch, كنب\nqqzzxx، wwvvkk');
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data.groups).toBe('sofa, couch, كنب\nqqzzxx, wwvvkk');
    expect(await saved()).toBe('sofa, couch, كنب\nqqzzxx, wwvvkk');

    const refused = await save('sofa, couch\nlonely');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Each line needs at least two words, separated by commas.');
    expect(await saved()).toBe('sofa, couch, كنب\nqqzzxx, wwvvkk');

    await jobsDone();
    const audit = await call('GET', '/admin/audit?subject_id=search-synonyms', test.adminToken);
    const [entry] = audit.body.data.items as Array<{ action: string; after: { groups: string } }>;
    expect(entry?.action).toBe('search.synonyms');
    expect(entry?.after.groups).toBe('sofa, couch, كنب\nqqzzxx, wwvvkk');
  });

  it('make a search for one word of a group find a listing with another, until the group is gone', async () => {
    const [category] = await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).limit(1);
    await db.insert(items).values({
      ...{ title: 'zorblat table', slug: 'zorblat-table', price: '10', status: 1 },
      ...{ catId: category?.id ?? 0, addedUserId: 'demo-user-06' },
    } as typeof items.$inferInsert);
    await rebuildSearchWords(db);
    expect(await titlesFound('zorblat')).toEqual(['zorblat table']);
    // An unknown word may be read as a near one (spelling), never as this listing's.
    expect(await titlesFound('فرمبلات')).not.toContain('zorblat table');

    expect((await save('zorblat, فرمبلات')).status).toBe(200);
    expect(await titlesFound('فرمبلات')).toEqual(['zorblat table']);

    expect((await save('')).status).toBe(200);
    expect(await saved()).toBe('');
    expect(await titlesFound('فرمبلات')).not.toContain('zorblat table');
  });
});

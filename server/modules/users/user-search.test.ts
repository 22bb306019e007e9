import { beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../contract/users.ts';
import { blocks, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const test = useTestApp({ users: [1, 2] });
const { db, call, token } = test;

type Card = Record<string, unknown>;
/** The two public Ahmads, the more followed first. */
const BOTH_AHMADS = ['أحمد الحربي', 'احمد سالم'];

/** The names found for `name` (in order), as `viewer` (a demo user's number) or a visitor. */
async function found(name: string, viewer?: number, extra = '') {
  const signedIn = viewer === undefined ? undefined : token(viewer);
  const answer = await call('GET', `/users?name=${encodeURIComponent(name)}${extra}`, signedIn);
  expect(answer.status, answer.body.message).toBe(200);
  return (answer.body.data.items as Card[]).map((card) => card.user_name);
}

const person = (id: string, userName: string, extra: Partial<typeof users.$inferInsert> = {}) => ({
  id,
  userName,
  userEmail: `${id}@search.test`,
  emailVerify: true,
  ...extra,
});

beforeAll(async () => {
  await db.insert(users).values([
    person('search-ahmad-hamza', 'أحمد الحربي', { followerCount: 3 }),
    person('search-ahmad-plain', 'احمد سالم', {
      userPhone: '+966511111111',
      phoneVerify: true,
      isShowPhone: true,
      isShowEmail: true,
      whatsapp: '+966511111111',
    }),
    person('search-ahmad-banned', 'أحمد المحظور', { isBanned: true }),
    person('search-ahmad-pending', 'أحمد المعلق', { status: USER_STATUS.pending }),
    person('search-ahmad-gone', 'أحمد المغادر', { status: USER_STATUS.deactivated }),
    person('search-iman-exact', 'إيمان'),
    person('search-iman-more', 'ايمان الزهراني', { followerCount: 9000 }),
    person('search-omar-exact', 'Omar'),
    person('search-omar-last', 'Haddad Omar', { followerCount: 5000 }),
    person('search-omar-rated', 'Omar Farouk', { followerCount: 1000, overallRating: '4.50', ratingCount: 2 }),
  ]);
});

describe('people search', () => {
  it('finds Arabic names whatever the hamza, and hides banned, pending and deactivated accounts', async () => {
    for (const name of ['احمد', 'أحمد', 'إحمد']) expect(await found(name)).toEqual(BOTH_AHMADS);
    expect(await found('الحر')).toEqual(['أحمد الحربي']);
  });

  it('matches each word as the start of a word of the name, whatever the case', async () => {
    expect(await found('sAR')).toEqual(['Sara Al-Harbi']);
    expect(await found('HARBI sa')).toEqual(['Sara Al-Harbi']);
    expect(await found('ara')).toEqual([]);
    expect(await found('sara zz')).toEqual([]);
  });

  it('puts the exact name first, then names starting with it, then the most followed', async () => {
    expect(await found('omar')).toEqual(['Omar', 'Omar Farouk', 'Omar Haddad', 'Haddad Omar']);
    // The exact name whatever its spelling, however followed the other is; punctuation typed or not.
    expect(await found('ايمان')).toEqual(['إيمان', 'ايمان الزهراني']);
    expect((await found('sara al harbi'))[0]).toBe('Sara Al-Harbi');
  });

  it('leaves out people in a block with the viewer, whichever blocked', async () => {
    const blocked = await call('POST', '/users/search-ahmad-plain/block', token(1), { block: true });
    expect(blocked.status).toBe(200);
    await db.insert(blocks).values({ blockerId: 'search-ahmad-hamza', blockedId: 'demo-user-02' });
    expect(await found('احمد', 1)).toEqual(['أحمد الحربي']);
    expect(await found('احمد', 2)).toEqual(['احمد سالم']);
    expect(await found('احمد')).toEqual(BOTH_AHMADS);
  });

  it('answers public cards only: no e-mail, phone or WhatsApp, even when shown on the profile', async () => {
    const answer = await call('GET', `/users?name=${encodeURIComponent('احمد سالم')}`);
    const [card] = answer.body.data.items as Card[];
    expect(Object.keys(card ?? {}).sort()).toEqual(
      [
        'follower_count',
        'is_verified_dealer',
        'is_verify_blue_mark',
        'overall_rating',
        'rating_count',
        'user_id',
        'user_name',
        'user_profile_photo',
      ].sort(),
    );
    expect(JSON.stringify(answer.body)).not.toMatch(/search\.test|966511111111/);
  });

  it('pages with limit and the cursor, without repeating anyone', async () => {
    const first = await call('GET', '/users?name=omar&limit=2');
    expect((first.body.data.items as Card[]).map((card) => card.user_name)).toEqual(['Omar', 'Omar Farouk']);
    const cursor = first.body.data.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const rest = await found('omar', undefined, `&limit=2&cursor=${cursor}`);
    expect(rest).toEqual(['Omar Haddad', 'Haddad Omar']);
  });

  it('refuses a name under 2 or over 60 characters, and a bad limit, with a translated 400', async () => {
    const short = await call('GET', '/users?name=%20a%20');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Type at least 2 characters of the name.');
    const long = await call('GET', `/users?name=${'a'.repeat(61)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A name to search for can be at most 60 characters long.');
    for (const limit of ['0', '51', 'ten', '1.5']) {
      expect((await call('GET', `/users?name=omar&limit=${limit}`)).status, limit).toBe(400);
    }
    expect((await call('GET', '/users')).status).toBe(400);
    const arabic = await test.app.inject({ url: '/api/v1/users?name=a&lang=ar' });
    expect(arabic.json().message).toBe('اكتب حرفين على الأقل من الاسم.');
  });

  it('is in the OpenAPI document, open to anyone', () => {
    const document = test.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(document.paths['/api/v1/users']?.get?.tags).toEqual(['accounts']);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { followUpJob } from '../../kernel/events.ts';
import { draftUpload, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { outboxMessages } from '../../testing/mail-catcher.ts';
import { items, notifications, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { NOTIFICATION_MARKS_PER_MINUTE } from './service.ts';

const test = useTestApp({ users: [1, 2, 3, 4, 5, 6, 7, 8, 9], admin: true });
const { db, call, token } = test;

const id = (n: number) => `demo-user-${String(n).padStart(2, '0')}`;

async function itemOf(sellerId: string, skip = 0) {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.addedUserId, sellerId),
        eq(items.status, ITEM_STATUS.active),
        eq(items.isSoldOut, false),
        sql`${items.deletedAt} is null`,
      ),
    )
    .orderBy(items.addedDate, items.id)
    .limit(1)
    .offset(skip);
  const itemId = rows[0]?.id;
  if (!itemId) throw new Error(`${sellerId} has no active item`);
  return itemId;
}

async function openChat(itemId: string, buyer: number, seller: number) {
  const key = { item_id: itemId, buyer_user_id: id(buyer), seller_user_id: id(seller) };
  const answer = await call('POST', '/chats', token(buyer), key);
  expect(answer.status, answer.body.message).toBe(200);
  return (answer.body.data.chat as { id: string }).id;
}

let sent = 0;
const say = (chatId: string, n: number, message: string) =>
  call('POST', `/chats/${chatId}/messages`, token(n), { client_id: `notice-test-${++sent}`, message });

interface Listed {
  id: number;
  kind: string;
  title: string;
  message: string;
  count: number;
  target_url: string;
  is_read: boolean;
}

async function listOf(n: number): Promise<Listed[]> {
  const answer = await call('GET', '/notifications?limit=50', token(n));
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data.items as Listed[];
}

async function arabicListOf(n: number): Promise<Listed[]> {
  const answer = await test.app.inject({
    method: 'GET',
    url: '/api/v1/notifications?limit=50&lang=ar',
    headers: { authorization: `Bearer ${token(n)}` },
  });
  return answer.json().data.items as Listed[];
}

type Choices = Record<string, { in_app: boolean; push: boolean; email: boolean }>;

const unread = async (n: number) =>
  (await call('GET', '/notifications/unread-count', token(n))).body.data.unread_count as number;

describe('chat notices', () => {
  it('groups the messages of one conversation into one row, worded in the reader’s language', async () => {
    const chatId = await openChat(await itemOf(id(2)), 1, 2);
    const before = await unread(2);
    for (const text of ['Hello', 'Is it still there?', 'I can come today']) await say(chatId, 1, text);
    await test.jobsDone();
    const rows = (await listOf(2)).filter((row) => row.kind === 'chat.message' && row.target_url.includes(id(1)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 3, message: 'I can come today', is_read: false });
    expect(rows[0]?.title).toMatch(/New messages from .+ \(3\)/);
    expect((await arabicListOf(2)).find((row) => row.id === rows[0]?.id)?.title).toMatch(/[\u0600-\u06FF]/);
    expect(await unread(2)).toBe(before + 1);
  });

  it('reads a conversation’s notices when the conversation is read', async () => {
    const chatId = await openChat(await itemOf(id(3)), 4, 3);
    await say(chatId, 4, 'Still for sale?');
    await test.jobsDone();
    const row = (await listOf(3)).find((each) => each.kind === 'chat.message' && !each.is_read);
    expect(row).toBeDefined();
    expect((await call('POST', `/chats/${chatId}/read`, token(3))).status).toBe(200);
    await expect.poll(async () => (await listOf(3)).find((each) => each.id === row?.id)?.is_read).toBe(true);
  });

  it('tells the seller of an offer and the buyer of its answer', async () => {
    const chatId = await openChat(await itemOf(id(5)), 6, 5);
    expect((await call('POST', `/chats/${chatId}/offers`, token(6), { price: '900' })).status).toBe(200);
    await test.jobsDone();
    const offer = (await listOf(5)).find((row) => row.kind === 'chat.offer');
    expect(offer?.message).toMatch(/900/);
    const decision = await call('POST', `/chats/${chatId}/offer-decision`, token(5), { accept: true });
    expect(decision.status, decision.body.message).toBe(200);
    await test.jobsDone();
    expect((await listOf(6)).some((row) => row.kind === 'chat.accepted')).toBe(true);
  });
});

describe('the list', () => {
  it('opens one (marking it read), refuses another person’s (404) and bad ids (400)', async () => {
    const [row] = await listOf(2);
    if (!row) throw new Error('user 2 has no notification');
    expect((await call('GET', `/notifications/${row.id}`, token(1))).status).toBe(404);
    expect((await call('POST', `/notifications/${row.id}/read`, token(1))).status).toBe(404);
    expect((await call('GET', '/notifications/nonsense', token(2))).status).toBe(400);
    expect((await call('GET', '/notifications', undefined)).status).toBe(401);
    const opened = await call('GET', `/notifications/${row.id}`, token(2));
    expect(opened.status).toBe(200);
    expect(opened.body.data.is_read).toBe(true);
    expect((await listOf(2)).find((each) => each.id === row.id)?.is_read).toBe(true);
  });

  it('marks all read', async () => {
    const answer = await call('POST', '/notifications/read-all', token(2));
    expect(answer.status).toBe(200);
    expect(answer.body.data.unread_count).toBe(0);
    expect((await listOf(2)).every((row) => row.is_read)).toBe(true);
  });
});

describe('choices', () => {
  it('keeps a kind out of the list when its in-app choice is off, and refuses a bad body', async () => {
    const off = { 'chat.message': { in_app: false, push: false, email: false } };
    expect((await call('POST', '/notifications/preferences', token(8), off)).status).toBe(200);
    const bad = [
      { 'chat.message': { in_app: 'maybe', push: true, email: false } },
      { 'no.such': { in_app: true, push: true, email: true } },
      [],
    ];
    for (const body of bad) expect((await call('POST', '/notifications/preferences', token(8), body)).status).toBe(400);
    const chatId = await openChat(await itemOf(id(8)), 7, 8);
    await say(chatId, 7, 'Hello?');
    await test.jobsDone();
    expect((await listOf(8)).some((row) => row.kind === 'chat.message')).toBe(false);
    const saved = (await call('GET', '/notifications/preferences', token(8))).body.data as Choices;
    expect(saved['chat.message']).toEqual({ in_app: false, push: false, email: false });
    // E-mail exists only for the kinds a person must not miss.
    expect(saved['follower.new']?.email).toBe(false);
  });
});

describe('listing and people notices', () => {
  it('tells the owner their listing was rejected, with the reason, by notice and e-mail', async () => {
    const refs = await entryReferences(db);
    const photo = await draftUpload(db, id(7));
    const posted = await call('POST', '/items', token(7), validEntry(refs, [photo], { title: 'Rejected camera' }));
    expect(posted.status, posted.body.message).toBe(201);
    const itemId = posted.body.data.id as string;
    const decision = { decision: 'reject', reason: 'Blurry photos' };
    expect((await call('POST', `/admin/items/${itemId}/decision`, test.adminToken, decision)).status).toBe(200);
    await test.jobsDone();
    const row = (await listOf(7)).find((each) => each.kind === 'item.rejected');
    expect(row?.message).toBe('\u2068Rejected camera\u2069: Blurry photos');
    expect(row?.target_url).toBe(`/item/${itemId}`);
    const [person] = await db
      .select()
      .from(users)
      .where(eq(users.id, id(7)));
    const mails = await outboxMessages(test.config.outboxDir, 'mail', person?.userEmail ?? '');
    const mail = mails.find((each) => String(each.text).includes('Blurry photos'));
    expect(mail).toBeDefined();
    expect((mail as unknown as { headers: Record<string, string> }).headers['List-Unsubscribe-Post']).toBe(
      'List-Unsubscribe=One-Click',
    );
  });

  it('unsubscribes by the signed link of the mail, and refuses a forged one', async () => {
    const [person] = await db
      .select()
      .from(users)
      .where(eq(users.id, id(7)));
    const mails = await outboxMessages(test.config.outboxDir, 'mail', person?.userEmail ?? '');
    const headers = (mails.at(-1) as unknown as { headers: Record<string, string> }).headers;
    const link = new URL(headers['List-Unsubscribe']?.slice(1, -1) ?? '');
    const forged = new URLSearchParams(link.search);
    forged.set('u', id(6));
    const path = (query: string) => `/notifications/unsubscribe?${query}`;
    expect((await call('POST', path(forged.toString()), undefined, {})).status).toBe(400);
    expect((await call('POST', path('k=item.rejected'), undefined, {})).status).toBe(400);
    const answer = await test.app.inject({
      method: 'POST',
      url: `/api/v1${path(link.searchParams.toString())}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode).toBe(200);
    const saved = (await call('GET', '/notifications/preferences', token(7))).body.data as Choices;
    expect(saved['item.rejected']?.email).toBe(false);
    expect(saved['item.approved']?.email).toBe(true);
  });

  it('tells the followed person, and favourite keepers of a sale', async () => {
    expect((await call('POST', `/users/${id(3)}/follow`, token(4), { follow: true })).status).toBe(200);
    const itemId = await itemOf(id(3), 2);
    expect((await call('POST', `/items/${itemId}/favourite`, token(6), { favourite: true })).status).toBe(200);
    expect((await call('POST', `/items/${itemId}/sold`, token(3), { is_sold_out: true })).status).toBe(200);
    await test.jobsDone();
    expect((await listOf(3)).some((row) => row.kind === 'follower.new' && row.target_url.includes(id(4)))).toBe(true);
    expect((await listOf(6)).some((row) => row.kind === 'favourite.sold' && row.target_url === `/item/${itemId}`)).toBe(
      true,
    );
  });
});

describe('broadcasts', () => {
  it('are for operators only, reach everyone and are read per person', async () => {
    const body = { title: 'Maintenance tonight', message: 'Souk will be away for 10 minutes at 02:00.' };
    expect((await call('POST', '/admin/notifications/broadcast', token(1), body)).status).toBe(403);
    expect((await call('POST', '/admin/notifications/broadcast', test.adminToken, { title: '' })).status).toBe(400);
    const sentAnswer = await call('POST', '/admin/notifications/broadcast', test.adminToken, body);
    expect(sentAnswer.status).toBe(200);
    const broadcastId = sentAnswer.body.data.id as number;
    for (const n of [1, 5]) {
      expect((await listOf(n)).find((row) => row.id === broadcastId)).toMatchObject({
        title: body.title,
        is_read: false,
      });
    }
    expect((await call('POST', `/notifications/${broadcastId}/read`, token(1))).status).toBe(200);
    expect((await listOf(1)).find((row) => row.id === broadcastId)?.is_read).toBe(true);
    expect((await listOf(5)).find((row) => row.id === broadcastId)?.is_read).toBe(false);
    expect(await db.select().from(notifications).where(eq(notifications.id, broadcastId))).toHaveLength(1);
  });
});

describe('saved-search alerts', () => {
  it('notify once per listing, grouped per search, and mail one digest for the day', async () => {
    const saved = await call('POST', '/saved-searches', token(1), { search_term: 'Zephyrcam', name: 'Zephyr' });
    expect(saved.status, saved.body.message).toBe(201);
    const refs = await entryReferences(db);
    const post = async (title: string) => {
      const photo = await draftUpload(db, id(7));
      const posted = await call('POST', '/items', token(7), validEntry(refs, [photo], { title }));
      expect(posted.status, posted.body.message).toBe(201);
      const itemId = posted.body.data.id as string;
      const approve = { decision: 'approve' };
      expect((await call('POST', `/admin/items/${itemId}/decision`, test.adminToken, approve)).status).toBe(200);
      await test.jobsDone();
      return itemId;
    };
    await post('Zephyrcam 35mm film camera');
    const rows = async () => (await listOf(1)).filter((row) => row.kind === 'saved_search.match');
    expect(await rows()).toMatchObject([{ count: 1, message: '\u2068Zephyrcam 35mm film camera\u2069' }]);
    await post('Zephyrcam instant camera');
    expect(await rows()).toMatchObject([{ count: 2, title: 'New listings for “\u2068Zephyr\u2069” (2)' }]);

    const [person] = await db
      .select()
      .from(users)
      .where(eq(users.id, id(1)));
    const mailsOf = async () =>
      (await outboxMessages(test.config.outboxDir, 'mail', person?.userEmail ?? '')).filter((mail) =>
        String(mail.text).includes('Zephyrcam'),
      );
    expect(await mailsOf()).toHaveLength(0);
    await test.jobs.enqueue('notifications.digest', {});
    await test.jobsDone();
    const [digest, ...others] = await mailsOf();
    expect(others).toHaveLength(0);
    expect(String(digest?.text)).toContain('Zephyrcam 35mm film camera');
    expect(String(digest?.text)).toContain('Zephyrcam instant camera');
    // Sent lines are not sent again.
    await test.jobs.enqueue('notifications.digest', {});
    await test.jobsDone();
    expect(await mailsOf()).toHaveLength(1);
  });
});

describe('a follow-up queued by the retired one-match event', () => {
  it('still tells the search’s owner, once', async () => {
    const saved = await call('POST', '/saved-searches', token(2), { search_term: 'Quokkaphone', name: 'Quokka' });
    expect(saved.status, saved.body.message).toBe(201);
    const itemId = await itemOf(id(8));
    const match = { userId: id(2), savedSearchId: saved.body.data.id as string, itemId, searchName: 'Quokka' };
    const job = followUpJob('search.savedSearchMatched', 'notifications.saved-search');
    // Follow-up jobs are named by their event and subscriber, not declared as payloads.
    await test.jobs.enqueue(job as never, match as never);
    await test.jobsDone();
    const alerts = (await listOf(2)).filter((row) => row.kind === 'saved_search.match');
    expect(alerts).toMatchObject([{ count: 1, title: expect.stringContaining('Quokka') }]);
  });
});

describe('limits', () => {
  it(`takes at most ${NOTIFICATION_MARKS_PER_MINUTE} marks a minute from one account; another is not held up`, async () => {
    for (let n = 0; n < NOTIFICATION_MARKS_PER_MINUTE; n++) {
      expect((await call('POST', '/notifications/read-all', token(9))).status).toBe(200);
    }
    const refused = await call('POST', '/notifications/read-all', token(9));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many requests/);
    expect((await call('POST', '/notifications/read-all', token(8))).status).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_TYPE } from '../../../contract/chat.ts';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { OFFER_STATUS } from '../../../contract/offers.ts';
import { EventBus } from '../../kernel/events.ts';
import { openSocket } from '../../testing/socket-client.ts';
import { appSettings, chatMessages, chats, items, notifications, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { MessageWriter } from './message-writer.ts';

const silentLogger = { error: () => undefined };
const notice = { kind: 'message', actorName: 'A buyer' } as const;

const test = useTestApp({ listen: true, users: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
const { db, call, token } = test;
let baseUrl: string;

beforeAll(() => {
  baseUrl = test.baseUrl;
});

const id = (n: number) => `demo-user-${String(n).padStart(2, '0')}`;

/** An active, unsold listing of `sellerId` (`skip` picks a later one). */
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

const key = (itemId: string, buyer: number, seller: number) => ({
  item_id: itemId,
  buyer_user_id: id(buyer),
  seller_user_id: id(seller),
});

async function openChat(itemId: string, buyer: number, seller: number) {
  const answer = await call('POST', '/chats', token(buyer), key(itemId, buyer, seller));
  expect(answer.status, answer.body.message).toBe(200);
  return (answer.body.data.chat as { id: string }).id;
}

let clientIds = 0;
const clientId = () => `test-client-${++clientIds}-${Date.now()}`;
const say = (chatId: string, n: number, message: string, client = clientId()) =>
  call('POST', `/chats/${chatId}/messages`, token(n), { client_id: client, message });

async function connect(n: number) {
  const client = await openSocket(baseUrl, { authorization: `Bearer ${token(n)}` });
  await client.next('ready');
  return client;
}

describe('the offer flow (SPEC.md 4)', () => {
  it('goes from a first message to an offer, its acceptance, the sale and both reviews', async () => {
    const itemId = await itemOf(id(3));
    const chatId = await openChat(itemId, 2, 3);
    const other = await openChat(itemId, 4, 3);

    const first = await say(chatId, 2, 'Hello, is it still available?', 'first-message-1');
    expect(first.status).toBe(200);
    const again = await say(chatId, 2, 'Hello, is it still available?', 'first-message-1');
    expect(again.body.data.id).toBe(first.body.data.id);
    const stored = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(stored).toHaveLength(1);

    const inbox = await call('GET', '/chats?tab=from-buyers', token(3));
    const listed = (inbox.body.data.items as Array<{ id: string; unread_count: number; last_message: string }>).find(
      (chat) => chat.id === chatId,
    );
    expect(listed).toMatchObject({ unread_count: 1, last_message: 'Hello, is it still available?' });
    expect((await call('GET', '/chats/unread', token(3))).body.data.unread_count).toBeGreaterThanOrEqual(1);
    await call('POST', `/chats/${chatId}/read`, token(3));
    const afterRead = await call('GET', `/chats/${chatId}`, token(3));
    expect(afterRead.body.data.unread_count).toBe(0);

    const offer = await call('POST', `/chats/${chatId}/offers`, token(2), { price: '150' });
    expect(offer.status, offer.body.message).toBe(200);
    expect(offer.body.data).toMatchObject({ type: CHAT_MESSAGE_TYPE.offer, offer_amount: '150.00' });
    expect((await call('POST', `/chats/${chatId}/offers`, token(3), { price: '10' })).status).toBe(403);
    expect((await call('POST', `/chats/${chatId}/offer-decision`, token(2), { accept: true })).status).toBe(403);

    const accepted = await call('POST', `/chats/${chatId}/offer-decision`, token(3), { accept: true });
    expect(accepted.status, accepted.body.message).toBe(200);
    expect(accepted.body.data.is_accept).toBe(OFFER_STATUS.accept);
    const second = await call('POST', `/chats/${chatId}/offer-decision`, token(3), { accept: true });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('already been accepted');
    expect((await call('POST', `/chats/${chatId}/offers`, token(2), { price: '140' })).status).toBe(409);

    const review = { rating: 5, title: 'Great buyer', message: 'Quick and kind.' };
    expect((await call('POST', `/users/${id(2)}/reviews`, token(3), review)).status).toBe(403);

    const sold = await call('POST', `/chats/${chatId}/sold`, token(3));
    expect(sold.status, sold.body.message).toBe(200);
    expect(sold.body.data.type).toBe(CHAT_MESSAGE_TYPE.bought);
    const [item] = await db.select({ sold: items.isSoldOut }).from(items).where(eq(items.id, itemId));
    expect(item?.sold).toBe(true);
    const buyerView = await call('GET', `/chats/${chatId}`, token(2));
    expect(buyerView.body.data.is_accept).toBe(OFFER_STATUS.bought);
    // The other conversations close once the sale's follow-up has run.
    await test.jobsDone();
    const otherBuyer = await call('GET', `/chats/${other}`, token(4));
    expect(otherBuyer.body.data.is_accept).toBe(OFFER_STATUS.sold);
    const soldOffer = await call('POST', `/chats/${other}/offers`, token(4), { price: '200' });
    expect(soldOffer.status).toBe(409);
    expect(soldOffer.body.message).toContain('has been sold');

    const byBuyer = await call('POST', `/users/${id(3)}/reviews`, token(2), { ...review, title: 'Fair seller' });
    expect(byBuyer.status, byBuyer.body.message).toBe(200);
    const replaced = await call('POST', `/users/${id(3)}/reviews`, token(2), { ...review, rating: 4, title: 'Good' });
    expect(replaced.body.data).toMatchObject({ rating: 4, title: 'Good' });
    expect((await call('POST', `/users/${id(2)}/reviews`, token(3), review)).status).toBe(200);
    expect((await call('POST', `/users/${id(3)}/reviews`, token(4), review)).status).toBe(403);

    const reviews = await call('GET', `/users/${id(3)}/reviews`);
    const mine = (reviews.body.data.items as Array<{ title: string; from_user: { user_id: string } }>).filter(
      (entry) => entry.from_user.user_id === id(2),
    );
    expect(mine.map((entry) => entry.title)).toEqual(['Good']);
    const [seller] = await db
      .select({ count: users.ratingCount })
      .from(users)
      .where(eq(users.id, id(3)));
    expect(seller?.count).toBeGreaterThanOrEqual(1);
    const profile = await call('GET', `/users/${id(3)}`);
    expect(profile.body.data.rating_details).toMatchObject({ four_star_count: expect.any(Number) });

    const received = await call('GET', '/offers?tab=received', token(3));
    expect((received.body.data.items as Array<{ chat_id: string; status: number }>)[0]).toMatchObject({
      chat_id: chatId,
      status: OFFER_STATUS.accept,
    });
    const sent = await call('GET', '/offers?tab=sent', token(2));
    expect((sent.body.data.items as Array<{ chat_id: string }>).some((entry) => entry.chat_id === chatId)).toBe(true);
  });

  it('lets the seller accept one offer only, even when two decisions race', async () => {
    const chatId = await openChat(await itemOf(id(5)), 6, 5);
    await call('POST', `/chats/${chatId}/offers`, token(6), { price: '99.50' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/chats/${chatId}/offer-decision`, token(5), { accept: true })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
  });
});

describe('refusals', () => {
  it('refuses one’s own item, a blocked pair, a closed item and other people’s conversations', async () => {
    const itemId = await itemOf(id(7));
    expect((await call('POST', '/chats', token(7), key(itemId, 7, 7))).status).toBe(403);
    expect((await call('POST', '/chats', token(8), key(itemId, 8, 6))).status).toBe(404);
    expect((await call('POST', '/chats', token(8), key(itemId, 9, 7))).status).toBe(403);

    const chatId = await openChat(itemId, 8, 7);
    expect((await say(chatId, 8, 'Hi')).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', `/chats/${chatId}`, undefined],
      ['GET', `/chats/${chatId}/messages`, undefined],
      ['POST', `/chats/${chatId}/messages`, { client_id: clientId(), message: 'intruding' }],
      ['POST', `/chats/${chatId}/offers`, { price: '1' }],
      ['POST', `/chats/${chatId}/sold`, {}],
      ['POST', `/chats/${chatId}/read`, {}],
    ] as const) {
      const answer = await call(method, path, token(9), body);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect((await call('GET', '/chats/00000000-0000-4000-8000-000000000000', token(9))).status).toBe(404);
    expect((await call('GET', `/chats/${chatId}`)).status).toBe(401);

    expect((await call('POST', `/users/${id(7)}/block`, token(8), { block: true })).status).toBe(200);
    const blocked = await say(chatId, 8, 'Are you there?');
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toContain('blocked');
    expect((await call('POST', '/chats', token(8), key(itemId, 8, 7))).status).toBe(403);
    expect((await say(chatId, 7, 'Hello?')).status).toBe(403);
    await call('POST', `/users/${id(7)}/block`, token(8), { block: false });

    const pending = await itemOf(id(9));
    await db.update(items).set({ status: ITEM_STATUS.rejected }).where(eq(items.id, pending));
    const closed = await call('POST', '/chats', token(8), key(pending, 8, 9));
    expect(closed.status).toBe(409);
    expect(closed.body.message).toContain('not on offer');
  });

  it('answers bad input with 400 and stores nothing', async () => {
    const chatId = await openChat(await itemOf(id(1)), 8, 1);
    for (const body of [
      {},
      { client_id: 'short', message: 'x' },
      { client_id: clientId(), message: '   ' },
      { client_id: clientId(), message: 'x'.repeat(2001) },
      { client_id: clientId(), message: { $ne: 1 } },
    ]) {
      expect((await call('POST', `/chats/${chatId}/messages`, token(8), body)).status).toBe(400);
    }
    for (const price of ['-1', 'abc', '1e5', '1234567890123', '']) {
      expect((await call('POST', `/chats/${chatId}/offers`, token(8), { price })).status).toBe(400);
    }
    expect((await call('GET', `/chats/${chatId}/messages?before=1&after=1`, token(8))).status).toBe(400);
    expect((await call('GET', '/chats/not-a-uuid', token(8))).status).toBe(400);
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(rows).toHaveLength(0);
  });

  it('takes a few offers an hour in one conversation, saying when the next may be made', async () => {
    await db.update(appSettings).set({ offersPerHour: 3 });
    const chatId = await openChat(await itemOf(id(10), 1), 7, 10);
    const answers = await Promise.all(
      ['100', '101', '102', '103', '104', '105'].map((price) =>
        call('POST', `/chats/${chatId}/offers`, token(7), { price }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)?.body.message).toMatch(
      /^You can make 3 offers an hour in one conversation\. You can make another in (1 hour|59 minutes)\.$/,
    );
    const offers = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(offers.filter((row) => row.type === CHAT_MESSAGE_TYPE.offer)).toHaveLength(3);
    // The limit is per conversation: the same buyer may still offer on another item.
    const other = await openChat(await itemOf(id(10), 2), 7, 10);
    expect((await call('POST', `/chats/${other}/offers`, token(7), { price: '50' })).status).toBe(200);
    await db.update(appSettings).set({ offersPerHour: 5 });
  });

  it('limits how fast one person sends', async () => {
    const chatId = await openChat(await itemOf(id(1), 1), 9, 1);
    const answers = [];
    for (let n = 0; n < 32; n++) answers.push(await say(chatId, 9, `message ${n}`));
    expect(answers.at(-1)?.status).toBe(429);
    expect(answers.at(-1)?.body.message).toContain('too fast');
  });
});

describe('the WebSocket /ws', () => {
  it('refuses a visitor and another site', async () => {
    await expect(openSocket(baseUrl)).rejects.toThrow(/401/);
    await expect(openSocket(baseUrl, { authorization: 'Bearer forged-token' })).rejects.toThrow(/401/);
    await expect(
      openSocket(baseUrl, { authorization: `Bearer ${token(2)}`, origin: 'https://evil.example' }),
    ).rejects.toThrow(/403/);
  });

  it('delivers a stored message live, with typing, presence and read counts', async () => {
    const chatId = await openChat(await itemOf(id(4)), 5, 4);
    const buyer = await connect(5);
    const seller = await connect(4);

    buyer.send({ t: 'watch', user_id: id(4) });
    expect(await buyer.next('presence', (frame) => frame.user_id === id(4))).toMatchObject({ online: true });

    buyer.send({ t: 'typing', chat_id: chatId });
    await seller.next('typing', (frame) => frame.chat_id === chatId);

    const client = clientId();
    buyer.send({ t: 'send', chat_id: chatId, client_id: client, message: 'Live hello' });
    const ack = await buyer.next('ack', (frame) => frame.client_id === client);
    const delivered = await seller.next('message', (frame) => frame.message.id === ack.message.id);
    expect(delivered.chat.seller_unread_count).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, ack.message.id));
    expect(row?.message).toBe('Live hello');

    buyer.send({ t: 'send', chat_id: chatId, client_id: client, message: 'Live hello' });
    await buyer.next('ack', (frame) => frame.client_id === client);
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.clientId, client));
    expect(rows).toHaveLength(1);

    seller.send({ t: 'read', chat_id: chatId });
    const unread = await seller.next('unread');
    expect(unread.unread_count).toBe((await call('GET', '/chats/unread', token(4))).body.data.unread_count);
    expect((await call('GET', `/chats/${chatId}`, token(4))).body.data.unread_count).toBe(0);

    buyer.send({ t: 'send', chat_id: chatId, client_id: 'x', message: 'bad id' });
    expect(await buyer.next('error')).toMatchObject({ code: 400 });
    buyer.send({ t: 'watch', user_id: id(9) });
    expect(await buyer.next('error', (frame) => frame.code === 403)).toBeTruthy();

    seller.close();
    expect(await buyer.next('presence', (frame) => frame.user_id === id(4) && !frame.online)).toBeTruthy();
    buyer.close();
  });

  it("stores a socket's texts sent without waiting in the order they came, and acks each", async () => {
    const chatId = await openChat(await itemOf(id(11)), 10, 11);
    const buyer = await connect(10);
    const sent = Array.from({ length: 12 }, () => clientId());
    for (const [n, client] of sent.entries()) {
      buyer.send({ t: 'send', chat_id: chatId, client_id: client, message: `in a row ${n}` });
    }
    await buyer.next('ack', () => buyer.frames.filter((frame) => frame.t === 'ack').length === sent.length);
    const rows = await db
      .select({ message: chatMessages.message })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(chatMessages.seq);
    expect(rows.map((row) => row.message)).toEqual(sent.map((_, n) => `in a row ${n}`));
    buyer.close();
  });

  it('drops a client that sends a frame too large, and goes on serving', async () => {
    const client = await connect(3);
    client.send({ t: 'send', chat_id: randomUUID(), client_id: clientId(), message: 'x'.repeat(20_000) });
    expect(await client.closed()).toBe(1009);
    const next = await connect(3);
    next.send({ t: 'ping' });
    await next.next('pong');
    next.close();
  });

  it('holds at most 20 sockets of one account', async () => {
    const clients = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = await openSocket(baseUrl, { authorization: `Bearer ${token(1)}` });
        await client.next('ready');
        return client;
      }),
    );
    const extra = await openSocket(baseUrl, { authorization: `Bearer ${token(1)}` }).catch(() => null);
    expect(await extra?.closed()).toBe(1008);
    for (const client of clients) client.close();
  });

  it('leaves a notification for someone not connected', async () => {
    const chatId = await openChat(await itemOf(id(6)), 2, 6);
    await say(chatId, 2, 'Are you around?');
    await test.jobsDone();
    const notices = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, id(6)), eq(notifications.kind, 'chat.message')));
    expect(notices.some((notice) => notice.data.message === 'Are you around?')).toBe(true);
  });
});

describe('messages arriving together', () => {
  it('are stored in one go, each once, with the conversations moved on by all of them', async () => {
    const first = await openChat(await itemOf(id(5)), 3, 5);
    const second = await openChat(await itemOf(id(5), 1), 6, 5);
    const resent = clientId();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, n) => say(first, 3, `together ${n}`)),
      ...Array.from({ length: 6 }, (_, n) => say(second, 6, `at once ${n}`)),
      say(first, 3, 'sent twice', resent),
      say(first, 3, 'sent twice', resent),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const twice = answers.slice(-2).map((answer) => (answer.body.data as { id: string }).id);
    expect(twice[0]).toBe(twice[1]);

    for (const [chatId, count, sellerToken] of [
      [first, 7, token(5)],
      [second, 6, token(5)],
    ] as const) {
      const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
      expect(rows).toHaveLength(count);
      const latest = rows.reduce((a, b) => (a.seq > b.seq ? a : b));
      const chat = (await call('GET', `/chats/${chatId}`, sellerToken)).body.data as {
        unread_count: number;
        last_message: string;
      };
      expect(chat.unread_count).toBe(count);
      expect(chat.last_message).toBe(latest.message);
    }
  });

  it('keep their order in a conversation, however they are grouped', async () => {
    const chatId = await openChat(await itemOf(id(5), 3), 7, 5);
    const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
    if (!chat) throw new Error('no conversation');
    const writer = new MessageWriter(db, new EventBus(silentLogger));
    const texts = Array.from({ length: 30 }, (_, n) => `in order ${n}`);
    const stored = [];
    for (const [n, message] of texts.entries()) {
      stored.push(
        writer.store({
          chat,
          senderId: id(7),
          message: { type: CHAT_MESSAGE_TYPE.text, message, clientId: clientId() },
          notice,
        }),
      );
      // Some arrive alone, some while earlier writes are under way.
      if (n % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(stored);
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(chatMessages.seq);
    expect(rows.map((row) => row.message)).toEqual(texts);
  });

  it('do not fail together when the database refuses one of them', async () => {
    const chatId = await openChat(await itemOf(id(5), 2), 4, 5);
    const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
    if (!chat) throw new Error('no conversation');
    const writer = new MessageWriter(db, new EventBus(silentLogger));
    const text = (message: string) => ({ type: CHAT_MESSAGE_TYPE.text, message, clientId: clientId() });
    const [stored, refused] = await Promise.allSettled([
      writer.store({ chat, senderId: id(4), message: text('this one is fine'), notice }),
      writer.store({ chat: { ...chat, id: randomUUID() }, senderId: id(4), message: text('no such chat'), notice }),
    ]);
    expect(stored.status).toBe('fulfilled');
    expect(refused.status).toBe('rejected');
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(rows.map((row) => row.message)).toEqual(['this one is fine']);
  });
});

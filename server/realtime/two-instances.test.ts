import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STATUS } from '../../contract/items.ts';
import { buildApp } from '../app.ts';
import { apiCalls } from '../testing/api-calls.ts';
import { createTestApp } from '../testing/app.ts';
import { redisAnswers, TEST_REDIS_URL } from '../testing/redis.ts';
import { openSocket } from '../testing/socket-client.ts';
import { items } from '../testing/tables.ts';

const hasRedis = await redisAnswers();

/**
 * Two app instances behind one load balancer share one PostgreSQL and one Redis (REDIS_URL): a message sent
 * through instance A reaches the other side's socket on instance B, and B sees A's users online.
 */
describe.skipIf(!hasRedis)('two app instances with Redis', () => {
  let first: Awaited<ReturnType<typeof createTestApp>>;
  let second: FastifyInstance;
  const urls: string[] = [];

  beforeAll(async () => {
    first = await createTestApp({ REDIS_URL: TEST_REDIS_URL });
    second = await buildApp({ config: first.config, database: first.database, jobs: first.jobs, web: false });
    urls.push(await first.app.listen({ port: 0, host: '127.0.0.1' }));
    urls.push(await second.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(() => second?.close());

  it('delivers a message sent through instance A to a socket on instance B', async () => {
    const calls = apiCalls(first.app);
    const buyerToken = await calls.signIn('user10@souk.test');
    const sellerToken = await calls.signIn('user11@souk.test');
    const [item] = await first.database.db
      .select({ id: items.id })
      .from(items)
      .where(
        and(
          eq(items.addedUserId, 'demo-user-11'),
          eq(items.status, ITEM_STATUS.active),
          sql`${items.deletedAt} is null`,
        ),
      )
      .limit(1);
    if (!item) throw new Error('demo-user-11 has no active item');
    const opened = await calls.call('POST', '/chats', buyerToken, {
      item_id: item.id,
      buyer_user_id: 'demo-user-10',
      seller_user_id: 'demo-user-11',
    });
    const chatId = (opened.body.data.chat as { id: string }).id;

    const buyer = await openSocket(urls[0] as string, { authorization: `Bearer ${buyerToken}` });
    const seller = await openSocket(urls[1] as string, { authorization: `Bearer ${sellerToken}` });
    await Promise.all([buyer.next('ready'), seller.next('ready')]);

    seller.send({ t: 'watch', user_id: 'demo-user-10' });
    expect(await seller.next('presence', (frame) => frame.user_id === 'demo-user-10')).toMatchObject({ online: true });

    buyer.send({ t: 'send', chat_id: chatId, client_id: 'two-instances-1', message: 'From instance A' });
    const ack = await buyer.next('ack', (frame) => frame.client_id === 'two-instances-1');
    const received = await seller.next('message', (frame) => frame.message.id === ack.message.id);
    expect(received.message.message).toBe('From instance A');

    buyer.send({ t: 'typing', chat_id: chatId });
    await seller.next('typing', (frame) => frame.chat_id === chatId);

    buyer.close();
    expect(await seller.next('presence', (frame) => frame.user_id === 'demo-user-10' && !frame.online)).toBeTruthy();
    seller.close();
  });

  it('counts an operator’s broadcast on every socket of both instances at once', async () => {
    const calls = apiCalls(first.app);
    const adminToken = await calls.signIn('admin@souk.test', 'souk-admin-2026');
    const readerToken = await calls.signIn('user09@souk.test');
    const here = await openSocket(urls[0] as string, { authorization: `Bearer ${readerToken}` });
    const there = await openSocket(urls[1] as string, { authorization: `Bearer ${readerToken}` });
    const [ready] = await Promise.all([here.next('ready'), there.next('ready')]);
    const body = { title: 'Maintenance tonight', message: 'Souk is down for ten minutes at 2:00.' };
    const sent = await calls.call('POST', '/admin/notifications/broadcast', adminToken, body);
    expect(sent.status).toBe(200);
    for (const socket of [here, there]) {
      const frame = await socket.next('broadcast', (each) => each.notice.id === sent.body.data.id);
      expect(frame.notice).toMatchObject({ title: body.title, body: body.message });
    }
    const counted = await calls.call('GET', '/notifications/unread-count', readerToken);
    expect(counted.body.data.unread_count).toBe(ready.notice_count + 1);
    here.close();
    there.close();
  });

  it('closes the sockets of a session that ended, on both instances, and only of that session', async () => {
    const calls = apiCalls(first.app);
    const ending = await calls.signIn('user09@souk.test');
    const staying = await calls.signIn('user09@souk.test');
    const socket = (instance: number, token: string) =>
      openSocket(urls[instance] as string, { authorization: `Bearer ${token}` });
    const onA = await socket(0, ending);
    const onB = await socket(1, ending);
    const other = await socket(1, staying);
    await Promise.all([onA.next('ready'), onB.next('ready'), other.next('ready')]);

    const out = await calls.call('POST', '/auth/logout', ending, {});
    expect(out.status, out.body.message).toBe(200);
    expect(await onA.closed()).toBe(1008);
    expect(await onB.closed()).toBe(1008);
    // The other session's socket still answers.
    other.send({ t: 'ping' });
    await other.next('pong');

    // A new password ends the other sessions: their sockets close, the one changing it keeps its own.
    const third = await calls.signIn('user09@souk.test');
    const thirdSocket = await socket(0, third);
    await thirdSocket.next('ready');
    const changed = await calls.call('POST', '/users/me/password', staying, {
      current_password: 'souk-demo-2026',
      password: 'souk-demo-2026',
      confirm_password: 'souk-demo-2026',
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(await thirdSocket.closed()).toBe(1008);
    other.send({ t: 'ping' });
    await other.next('pong', (frame) => frame !== undefined);
    other.close();
  });
});

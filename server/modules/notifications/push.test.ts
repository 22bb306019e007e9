import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../../contract/notification-basics.ts';
import { PUSH_CHANGES_PER_HOUR, PUSH_SUBSCRIPTIONS_PER_USER } from '../../../contract/push.ts';
import { createWebPushSender, generateVapidKeys } from '../../kernel/push-web.ts';
import { type FcmMessage, startFakeFcm } from '../../testing/fcm-server.ts';
import { type BrowserSubscription, startPushService } from '../../testing/push-service.ts';
import { pushKeys, pushSubscriptions } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { enqueuePush } from './index.ts';

let push: Awaited<ReturnType<typeof startPushService>>;
let fcm: Awaited<ReturnType<typeof startFakeFcm>>;

beforeAll(async () => {
  push = await startPushService();
  fcm = await startFakeFcm();
});
const test = useTestApp({
  users: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  admin: true,
  env: () => ({
    PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,${push.host}`,
    PUSH_CA_FILE: push.caFile,
    FCM_SERVICE_ACCOUNT_FILE: fcm.serviceAccountFile,
    FCM_API_URL: fcm.apiUrl,
  }),
});
const { call, db, jobs, token } = test;

const userId = (n: number) => `demo-user-${String(n).padStart(2, '0')}`;

const payload = (id: number): PushPayload => ({
  title: 'Sara',
  body: 'Offer: 1,200 SAR for the bicycle',
  url: `/chat?chat_id=${id}`,
  tag: `chat-${id}`,
  notification_id: id,
});

async function publicKey() {
  const answer = await call('GET', '/push/key');
  expect(answer.status).toBe(200);
  return answer.body.data.public_key as string;
}

async function browserSubscribed(n: number) {
  const subscription = push.subscribe(await publicKey());
  const answer = await call('POST', '/push/subscriptions', token(n), subscription);
  expect(answer.status, answer.body.message).toBe(201);
  return subscription;
}

async function pushTo(n: number, what: PushPayload) {
  await db.transaction((tx) => enqueuePush(jobs, tx, userId(n), what));
  await test.jobsDone();
}

const rowsAt = (endpoint: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('the OpenAPI document', () => {
  it('lists the push operations', () => {
    const document = test.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(document.paths['/api/v1/push/key']?.get?.tags).toEqual(['notifications']);
    expect(Object.keys(document.paths['/api/v1/push/subscriptions'] ?? {}).sort()).toEqual(['delete', 'post']);
  });
});

describe('the VAPID key', () => {
  it('is made once and answered to anyone', async () => {
    const first = await publicKey();
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    expect(await publicKey()).toBe(first);
    const rows = await db.select().from(pushKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.publicKey).toBe(first);
  });
});

describe('registering and removing a subscription', () => {
  it('keeps a browser subscription for the signed-in user and removes it on request', async () => {
    const subscription = await browserSubscribed(1);
    expect(await rowsAt(subscription.endpoint)).toMatchObject([{ userId: userId(1), platform: 'web' }]);

    const removed = await call('DELETE', '/push/subscriptions', token(1), { endpoint: subscription.endpoint });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Notifications are off for this device.');
    expect(await rowsAt(subscription.endpoint)).toEqual([]);
    const again = await call('DELETE', '/push/subscriptions', token(1), { endpoint: subscription.endpoint });
    expect(again.status).toBe(404);
  });

  it('wants a signed-in user', async () => {
    const subscription = push.subscribe(await publicKey());
    expect((await call('POST', '/push/subscriptions', undefined, subscription)).status).toBe(401);
    expect((await call('DELETE', '/push/subscriptions', undefined, { endpoint: subscription.endpoint })).status).toBe(
      401,
    );
  });

  it('moves an endpoint another user had to the new user, who alone may remove it', async () => {
    const subscription = await browserSubscribed(1);
    const moved = await call('POST', '/push/subscriptions', token(2), subscription);
    expect(moved.status).toBe(201);
    expect(await rowsAt(subscription.endpoint)).toMatchObject([{ userId: userId(2) }]);

    const byFormerOwner = await call('DELETE', '/push/subscriptions', token(1), { endpoint: subscription.endpoint });
    expect(byFormerOwner.status).toBe(404);
    expect(await rowsAt(subscription.endpoint)).toHaveLength(1);
    expect((await call('DELETE', '/push/subscriptions', token(2), { endpoint: subscription.endpoint })).status).toBe(
      200,
    );
  });

  it('refuses a bad body with a 400', async () => {
    const good = push.subscribe(await publicKey());
    const bodies: unknown[] = [
      {},
      { endpoint: good.endpoint },
      { ...good, keys: { p256dh: 'short', auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: '' } },
      { device_token: 'abc', platform: 'windows' },
      { device_token: '', platform: 'android' },
      { endpoint: 42, keys: good.keys },
    ];
    for (const body of bodies) {
      const answer = await call('POST', '/push/subscriptions', token(3), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('DELETE', '/push/subscriptions', token(3), {})).status).toBe(400);
  });

  it('refuses an endpoint outside the allow-list (the server would POST to it)', async () => {
    const good = push.subscribe(await publicKey());
    const elsewhere = [
      'https://evil.example/push/1',
      good.endpoint.replace('https://', 'http://'),
      good.endpoint.replace(push.host, '127.0.0.1:5432'),
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
    ];
    for (const endpoint of elsewhere) {
      const answer = await call('POST', '/push/subscriptions', token(3), { ...good, endpoint });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.message).toBe('This push service is not accepted. Use a supported browser.');
    }
    expect(
      await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId(3))),
    ).toEqual([]);
  });

  it(`takes at most ${PUSH_CHANGES_PER_HOUR} changes an hour from one account`, async () => {
    for (let i = 0; i < PUSH_CHANGES_PER_HOUR; i++) {
      const answer = await call('DELETE', '/push/subscriptions', token(7), { device_token: `never-${i}` });
      expect(answer.status).toBe(404);
    }
    const refused = await call('POST', '/push/subscriptions', token(7), { device_token: 'one-more', platform: 'ios' });
    expect(refused.status).toBe(429);
    expect(await rowsAt('one-more')).toEqual([]);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_USER} per user, dropping the oldest`, async () => {
    const subscriptions: BrowserSubscription[] = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_USER; i++) subscriptions.push(await browserSubscribed(4));
    const kept = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId(4)));
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept.map((row) => row.endpoint)).not.toContain(subscriptions[0]?.endpoint);
    expect(kept.map((row) => row.endpoint)).toContain(subscriptions.at(-1)?.endpoint);
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId(4)));
  });
});

describe('delivery (notifications.push)', () => {
  it('pushes an operator’s broadcast to every device whose owner takes broadcasts by push', async () => {
    const [taker, refuser] = [await browserSubscribed(8), await browserSubscribed(9)];
    const off = { broadcast: { in_app: true, push: false, email: false } };
    expect((await call('POST', '/notifications/preferences', token(9), off)).status).toBe(200);
    const body = { title: 'Eid sale', message: 'Half price on promotion this week.' };
    const sent = await call('POST', '/admin/notifications/broadcast', test.adminToken, body);
    expect(sent.status).toBe(200);
    await test.jobsDone();
    const id = sent.body.data.id as number;
    const expected = { title: body.title, body: body.message, url: `/notification/${id}`, tag: `broadcast:${id}` };
    expect(push.received(taker.endpoint).map((text) => JSON.parse(text))).toEqual([
      { ...expected, notification_id: id },
    ]);
    expect(push.received(refuser.endpoint)).toEqual([]);
  });

  it('reaches the browser encrypted, signed with VAPID, and decrypts to the payload', async () => {
    const subscription = await browserSubscribed(5);
    await pushTo(5, payload(101));
    expect(push.refusals).toEqual([]);
    expect(push.received(subscription.endpoint).map((text) => JSON.parse(text))).toEqual([payload(101)]);
  });

  it('retries a push the push service could not take', async () => {
    const subscription = await browserSubscribed(5);
    push.failNext(subscription.endpoint, 1);
    await pushTo(5, payload(105));
    expect(push.received(subscription.endpoint).map((text) => JSON.parse(text))).toEqual([payload(105)]);
    expect(await rowsAt(subscription.endpoint)).toHaveLength(1);
    await call('DELETE', '/push/subscriptions', token(5), { endpoint: subscription.endpoint });
  });

  it('is refused by the push service when signed with a key the browser did not subscribe with', async () => {
    const subscription = push.subscribe(await publicKey());
    const target = { kind: 'web' as const, endpoint: subscription.endpoint, ...subscription.keys };
    const agent = new Agent({ ca: readFileSync(push.caFile) });
    const stranger = createWebPushSender({ keys: generateVapidKeys(), subject: 'mailto:ops@souk.test', agent });
    await expect(stranger.send(target, payload(106))).rejects.toThrow();
    expect(push.refusals).toEqual([expect.objectContaining({ status: 403, endpoint: subscription.endpoint })]);
    expect(push.received(subscription.endpoint)).toEqual([]);
    push.refusals.length = 0;
  });

  it('forgets a subscription the push service answers 410 Gone for', async () => {
    const subscription = await browserSubscribed(5);
    push.markGone(subscription.endpoint);
    await pushTo(5, payload(102));
    expect(await rowsAt(subscription.endpoint)).toEqual([]);
    expect(
      await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId(5))),
    ).toHaveLength(1);
  });

  it('reaches a phone by FCM with the service account’s OAuth token', async () => {
    const deviceToken = `fcm-token-${Date.now()}`;
    const registered = await call('POST', '/push/subscriptions', token(6), {
      device_token: deviceToken,
      platform: 'android',
    });
    expect(registered.status).toBe(201);
    expect(registered.body.data).toMatchObject({ platform: 'android' });
    await pushTo(6, payload(103));
    expect(fcm.refusals).toEqual([]);
    expect(fcm.tokensIssued()).toBe(1);
    expect(fcm.messages.filter((message) => message.token === deviceToken)).toEqual([
      expect.objectContaining<Partial<FcmMessage>>({
        notification: { title: 'Sara', body: payload(103).body },
        data: { url: '/chat?chat_id=103', tag: 'chat-103', notification_id: '103' },
      }),
    ]);
  });

  it('forgets a phone token FCM answers UNREGISTERED for', async () => {
    const deviceToken = `fcm-gone-${Date.now()}`;
    await call('POST', '/push/subscriptions', token(6), { device_token: deviceToken, platform: 'ios' });
    fcm.markGone(deviceToken);
    await pushTo(6, payload(104));
    expect(await rowsAt(deviceToken)).toEqual([]);
    expect(fcm.tokensIssued()).toBe(1);
    const removed = await call('DELETE', '/push/subscriptions', token(6), { device_token: deviceToken });
    expect(removed.status).toBe(404);
  });
});

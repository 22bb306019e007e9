import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSocket, type SocketClient } from '../testing/socket-client.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/**
 * A burst of frames sent at once, without waiting for answers (issue 20). A socket's frames are handled one at
 * a time, in order; a client with more than 64 of them waiting is flooding: it gets a translated refusal and
 * its socket closes, before the burst's work is done. The rate limits are lifted here, so that nothing but the
 * queue's cap can refuse it. Another account is answered meanwhile.
 */
const test = useTestApp({
  listen: true,
  users: [1, 2],
  env: { WS_FRAMES_PER_ACCOUNT: '1000000', WS_FRAMES_PER_ADDRESS: '1000000' },
});

const BURST = 3000;

const count = (client: SocketClient, type: string) => client.frames.filter((frame) => frame.t === type).length;

const connect = async (n: number) => {
  const socket = await openSocket(test.baseUrl, { authorization: `Bearer ${test.token(n)}`, 'accept-language': 'en' });
  await socket.next('ready');
  return socket;
};

describe('a burst of frames', () => {
  it('is refused with an error frame and a close; another account is answered meanwhile', async () => {
    const flooder = await connect(1);
    const bystander = await connect(2);
    const chatId = randomUUID();
    for (let n = 0; n < BURST; n++) flooder.send({ t: 'read', chat_id: chatId });
    // Handled to its end, the burst would answer this ping after all the reads.
    flooder.send({ t: 'ping' });

    bystander.send({ t: 'ping' });
    const [session] = await Promise.all([test.call('GET', '/auth/session', test.token(2)), bystander.next('pong')]);
    expect(session.body.data.user_id).toBe('demo-user-02');

    const first = await Promise.race([flooder.next('error', (frame) => frame.code === 429), flooder.next('pong')]);
    expect(first).toMatchObject({ t: 'error', code: 429, message: expect.stringMatching(/too many/i) });
    expect(await flooder.closed()).toBe(1008);
    const answered = flooder.frames.filter((frame) => frame.t === 'error' && frame.code !== 429);
    expect(answered.length).toBeLessThan(BURST / 10);

    bystander.send({ t: 'ping' });
    await bystander.next('pong', () => count(bystander, 'pong') === 2);
    bystander.close();
  });

  it("keeps one socket's frames in the order they arrived", async () => {
    const client = await connect(2);
    const chatId = randomUUID();
    // A read waits for the database, a ping does not: handled side by side, the pongs would come first.
    for (let n = 0; n < 5; n++) {
      client.send({ t: 'read', chat_id: chatId });
      client.send({ t: 'ping' });
    }
    await client.next('pong', () => count(client, 'pong') === 5);
    const kinds = client.frames.filter((frame) => frame.t !== 'ready').map((frame) => frame.t);
    expect(kinds).toEqual(Array.from({ length: 5 }, () => ['error', 'pong']).flat());
    client.close();
  });
});

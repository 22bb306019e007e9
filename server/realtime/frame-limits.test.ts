import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSocket } from '../testing/socket-client.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/**
 * Every frame kind counts against the account's limit (and the address's): a flood of `read` frames, each of
 * which would ask the database, gets a translated refusal, then the socket closes, and reconnecting at once is
 * refused too. Another account goes on meanwhile.
 */
const test = useTestApp({ listen: true, users: [1, 2], env: { WS_FRAMES_PER_ACCOUNT: '20' } });

const connect = (n: number) =>
  openSocket(test.baseUrl, { authorization: `Bearer ${test.token(n)}`, 'accept-language': 'en' });

describe('the WebSocket frame limit', () => {
  it('refuses a flood with an error frame, then closes; the flooder cannot reconnect at once', async () => {
    const flooder = await connect(1);
    await flooder.next('ready');
    const chatId = randomUUID();
    for (let n = 0; n < 200; n++) flooder.send({ t: 'read', chat_id: chatId });
    const refusal = await flooder.next('error', (frame) => frame.code === 429);
    expect(refusal.message).toMatch(/too many/i);
    expect(await flooder.closed()).toBe(1008);
    await expect(connect(1)).rejects.toThrow('429');

    const bystander = await connect(2);
    await bystander.next('ready');
    bystander.send({ t: 'ping' });
    await bystander.next('pong');
    bystander.close();
  });
});

import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app.ts';

describe('slow clients', () => {
  it('a request whose body never finishes is answered 408 and its socket closed', async () => {
    const { app } = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"user_email":',
    );
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

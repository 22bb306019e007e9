import net from 'node:net';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app.ts';

/** Each class of server error on bad input found in issue 7, defect 11 (the bad-input suite covers the rest). */

const test = useTestApp({ web: true, users: [4] });
const { app } = test;
let pool: pg.Pool;
let token: string;

beforeAll(() => {
  pool = test.database.pool;
  token = test.token(4);
});

const count = async (table: string) => Number((await pool.query(`select count(*) from ${table}`)).rows[0].count);
const message = (response: { json(): { message: string } }) => response.json().message;

describe('NUL characters', () => {
  it('are refused in JSON bodies, queries and paths with the invalid-parameter message, and nothing is stored', async () => {
    const before = await count('contact_messages');
    const body = await app.inject({
      method: 'POST',
      url: '/api/v1/contact?lang=en',
      payload: { name: 'a\u0000b', email: 'a@example.com', phone: '+966500000000', message: 'hello' },
    });
    expect(body.statusCode).toBe(400);
    expect(message(body)).toBe('The value of “name” is not valid.');
    expect(await count('contact_messages')).toBe(before);

    const query = await app.inject({ method: 'GET', url: '/api/v1/categories?lang=en&keyword=a%00b' });
    expect([query.statusCode, message(query)]).toEqual([400, 'The value of “keyword” is not valid.']);
    const path = await app.inject({ method: 'GET', url: '/api/v1/users/a%00b?lang=en' });
    expect(path.statusCode).toBe(400);
  });

  it('are refused in page forms before the action runs', async () => {
    const before = await count('contact_messages');
    const response = await app.inject({
      method: 'POST',
      url: '/contact?lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a%00b&email=a%40example.com&phone=%2B966500000000&message=hi',
    });
    expect(response.statusCode).toBe(400);
    expect(await count('contact_messages')).toBe(before);
  });
});

describe('paging cursors and ids', () => {
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses forged cursors: enormous, negative or mistyped offsets', async () => {
    for (const forged of [cursor({ o: 1e300 }), cursor({ o: 2 ** 53 }), cursor({ o: -1 }), cursor({ o: '1' })]) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/categories?lang=en&cursor=${forged}` });
      expect([response.statusCode, message(response)]).toEqual([400, 'The value of “cursor” is not valid.']);
    }
  });

  it('refuses ids beyond 32 bits in API queries and bodies', async () => {
    const query = await app.inject({ method: 'GET', url: '/api/v1/blogs?lang=en&city_id=99999999999' });
    expect(query.statusCode).toBe(400);
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/users/me?lang=en',
      headers: { authorization: `Bearer ${token}` },
      payload: { user_name: 'Someone Else', city: 99999999999 },
    });
    expect(profile.statusCode).toBe(400);
  });

  it('answers 404 on pages whose id is out of range or malformed', async () => {
    for (const url of ['/blog/99999999999', '/blog/1e3', '/category/99999999999/x', '/other-profile/no.such.id']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('broken bodies', () => {
  const post = (url: string, contentType: string | undefined, payload: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...(contentType ? { 'content-type': contentType } : {}), authorization: `Bearer ${token}` },
      payload,
    });
  const part = '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc';

  it('page actions answer 415 to JSON or no form at all, 400 to broken multipart', async () => {
    expect((await post('/login', 'application/json', '{"user_email":"a@b.co"}')).statusCode).toBe(415);
    expect((await post('/contact', 'text/plain', 'hello')).statusCode).toBe(415);
    expect((await post('/contact', undefined, '')).statusCode).toBe(415);
    expect((await post('/contact', 'multipart/form-data', `${part}\r\n--xx--\r\n`)).statusCode).toBe(400);
    expect((await post('/contact', 'multipart/form-data; boundary=xx', part)).statusCode).toBe(400);
  });

  it('uploads answer 400 to multipart without a boundary or a closing boundary', async () => {
    const noBoundary = await post('/api/v1/users/me/photos/profile?lang=en', 'multipart/form-data', part);
    expect([noBoundary.statusCode, message(noBoundary)]).toEqual([400, 'The request is not valid.']);
    const unclosed = await post('/api/v1/users/me/photos/profile?lang=en', 'multipart/form-data; boundary=xx', part);
    expect([unclosed.statusCode, message(unclosed)]).toEqual([400, 'The request is not valid.']);
  });

  it('a JSON body that is not an object gets the invalid-request message', async () => {
    const response = await post('/api/v1/contact?lang=en', 'application/json', 'null');
    expect([response.statusCode, message(response)]).toEqual([400, 'The request is not valid.']);
  });
});

describe('request lines and hosts', () => {
  /** Sends raw HTTP, as no ordinary client would, and returns the status line. */
  async function rawStatus(text: string) {
    await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = app.server.address() as net.AddressInfo;
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
    });
  }

  it('answers "OPTIONS *" with 400', async () => {
    expect(await rawStatus('OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toBe(
      'HTTP/1.1 400 Bad Request',
    );
  });

  it('serves HTTP/1.0 requests without a Host header, and refuses a Host that is not a host', async () => {
    expect(await rawStatus('GET /about HTTP/1.0\r\n\r\n')).toBe('HTTP/1.1 200 OK');
    expect(await rawStatus('GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n')).toBe(
      'HTTP/1.1 400 Bad Request',
    );
    expect(await rawStatus('GET / HTTP/1.1\r\nHost: evil.example/x?\r\nConnection: close\r\n\r\n')).toBe(
      'HTTP/1.1 400 Bad Request',
    );
  });
});

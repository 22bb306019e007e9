import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiGet, apiPost } from './api-client.ts';

/** A loopback server answering each path the way a server might, to read the client's handling. */
const replies: Record<string, { status: number; body?: string }> = {
  '/ok': { status: 200, body: JSON.stringify({ code: 200, status: 'success', message: '', data: { answer: 42 } }) },
  '/created': { status: 201, body: JSON.stringify({ code: 201, status: 'success', message: '', data: 'made' }) },
  '/empty': { status: 204 },
  '/coded': {
    status: 403,
    body: JSON.stringify({ code: 10001, status: 'error', message: '10001##Not allowed', data: null }),
  },
  '/plain': { status: 404, body: JSON.stringify({ code: 404, status: 'error', message: 'Not here', data: null }) },
  '/garbage': { status: 502, body: '<html>bad gateway</html>' },
};

/** Answers with the query string exactly as it arrived. */
function echo(response: http.ServerResponse, search: string) {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code: 200, status: 'success', message: '', data: { search } }));
}

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/echo-query') return echo(response, url.search);
    const reply = replies[url.pathname] ?? { status: 500 };
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return { code: (error as ApiError).code, text: (error as ApiError).text };
}

describe('browser API client', () => {
  it('returns the data of any 2xx answer', async () => {
    expect(await apiGet(`${base}/ok`)).toEqual({ answer: 42 });
    expect(await apiPost(`${base}/created`, { a: 1 })).toBe('made');
    expect(await apiGet(`${base}/empty`)).toBeUndefined();
  });

  it('splits code##text messages', async () => {
    expect(await failure(apiGet(`${base}/coded`))).toEqual({ code: 10001, text: 'Not allowed' });
  });

  it('uses the HTTP status when the message has no code', async () => {
    expect(await failure(apiPost(`${base}/plain`))).toEqual({ code: 404, text: 'Not here' });
  });

  it('reports an unreadable answer as Get Error 2 / Post Error 2 with code 404', async () => {
    expect(await failure(apiGet(`${base}/garbage`))).toEqual({ code: 404, text: 'Get Error 2' });
    expect(await failure(apiPost(`${base}/garbage`))).toEqual({ code: 404, text: 'Post Error 2' });
  });

  it('reports no answer at all as Get Error 1 / Post Error 1 with code 404', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(apiGet(`http://127.0.0.1:${port}/x`))).toEqual({ code: 404, text: 'Get Error 1' });
    expect(await failure(apiPost(`http://127.0.0.1:${port}/x`))).toEqual({ code: 404, text: 'Post Error 1' });
  });

  it('drops empty query values', async () => {
    const query = { keyword: '', limit: 5, cursor: undefined, city: null, mine: false };
    expect(await apiGet(`${base}/echo-query`, query)).toEqual({ search: '?limit=5&mine=false' });
    expect(await apiGet(`${base}/echo-query`, { keyword: '' })).toEqual({ search: '' });
    expect(await apiGet(`${base}/echo-query?lang=en`, { keyword: 'bike' })).toEqual({
      search: '?lang=en&keyword=bike',
    });
  });
});

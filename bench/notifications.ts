/**
 * The notification list (issue 22) against /healthz of the same server in the same run, in interleaved rounds:
 * user01's first page of notifications (grouped chat rows, followers, broadcasts) as the API answers it, signed in,
 * and the bare signed-in read of the session for comparison.
 * Target: at least 0.2 of /healthz's requests per second.
 *
 *   npm run bench:notifications     BENCH_ROUNDS=5 BENCH_SECONDS=3 BENCH_CONNECTIONS=10
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { median, signIn, startServer } from './server.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET = 0.2;

async function call(url: string, path: string, token: string, body: unknown) {
  const response = await fetch(`${url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function login(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_email: email, user_password: password, privacy: 'on' }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Notices for user01: a conversation (grouped) and a follower from each other demo seller, and broadcasts. */
async function arrange(url: string) {
  const owner = await signIn(url);
  const mine = await fetch(`${url}/api/v1/items/mine?list=active&limit=1`, {
    headers: { authorization: `Bearer ${owner}` },
  });
  const itemId = ((await mine.json()) as { data: { items: Array<{ id: string }> } }).data.items[0]?.id;
  if (!itemId) throw new Error('user01 has no active listing');
  for (let n = 2; n <= 12; n++) {
    const userId = `demo-user-${String(n).padStart(2, '0')}`;
    const token = await login(url, `user${String(n).padStart(2, '0')}@souk.test`, 'souk-demo-2026');
    const key = { item_id: itemId, buyer_user_id: userId, seller_user_id: 'demo-user-01' };
    const { chat } = (await call(url, '/chats', token, key)) as { chat: { id: string } };
    for (let m = 0; m < 3; m++) {
      await call(url, `/chats/${chat.id}/messages`, token, { client_id: `bench-${n}-${m}`, message: `Message ${m}` });
    }
    await call(url, '/users/demo-user-01/follow', token, { follow: true });
  }
  const admin = await login(url, 'admin@souk.test', 'souk-admin-2026');
  for (let n = 0; n < 10; n++) await call(url, '/admin/notifications/broadcast', admin, { title: `News ${n}` });
  return owner;
}

async function rate(url: string, path: string, headers: Record<string, string>) {
  const result = await autocannon({ url: `${url}${path}`, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const server = await startServer({ readyTimeoutMs: 300_000 });
try {
  const token = await arrange(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const first = await fetch(`${server.url}/api/v1/notifications?limit=20`, { headers });
  const rows = ((await first.json()) as { data: { items: unknown[] } }).data.items.length;
  const ratios: number[] = [];
  const sessionRatios: number[] = [];
  const p99s: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const health = await rate(server.url, '/healthz', {});
    const list = await rate(server.url, '/api/v1/notifications?limit=20', headers);
    const session = await rate(server.url, '/api/v1/auth/session', headers);
    ratios.push(list.rps / health.rps);
    sessionRatios.push(session.rps / health.rps);
    p99s.push(list.p99);
  }
  const ratio = median(ratios);
  console.log(`notification list (${rows} rows a page): ${ratio.toFixed(3)} of /healthz, p99 ${median(p99s)} ms`);
  console.log(`signed-in session read (/api/v1/auth/session): ${median(sessionRatios).toFixed(3)} of /healthz`);
  console.log(
    `target >= ${TARGET}: ${ratio >= TARGET ? 'met' : 'MISSED'}; load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
} finally {
  await server.stop();
}

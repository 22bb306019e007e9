/**
 * Load benchmark: each route against the trivial /healthz of the same server in the same run, reported as
 * ratios (this machine is shared and noisy; absolute numbers mean little). Starts its own server on a
 * temporary data folder with the demo data, unless BENCH_URL points at a running one.
 *
 *   npm run bench            (BENCH_SECONDS=10 BENCH_CONNECTIONS=10 to change the load)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUTES = [
  { name: 'trivial /healthz', path: '/healthz' },
  { name: 'API categories', path: '/api/v1/categories?lang=en' },
  { name: 'API townships', path: '/api/v1/townships?city_id=1&lang=ar' },
  { name: 'API blogs', path: '/api/v1/blogs?lang=en' },
  { name: 'page dashboard (SSR)', path: '/' },
  { name: 'page category list (SSR)', path: '/category' },
  { name: 'page blog list (SSR)', path: '/blog' },
  { name: 'page not found (SSR)', path: '/no-such-page' },
  { name: 'page login (SSR)', path: '/login' },
  { name: 'API public profile', path: '/api/v1/users/demo-user-02?lang=en' },
  // Signed in (bearer token): every request looks the session up and moves its expiry.
  { name: 'API session, signed in', path: '/api/v1/auth/session', signedIn: true },
  { name: 'API own profile, signed in', path: '/api/v1/users/me', signedIn: true },
  { name: 'page profile (SSR, signed in)', path: '/profile', signedIn: true },
];

async function startServer(): Promise<{ url: string; child?: ChildProcess; dataDir?: string }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL };
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-bench-'));
  const port = await freePort();
  // Request logging off (warn): the benchmark measures the app, not writing two log lines a request.
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    if (waited > 120_000) throw new Error('the server did not become ready in 2 minutes');
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, child, dataDir };
}

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function measure(url: string, headers: Record<string, string> = {}) {
  return autocannon({ url, connections, duration: seconds, headers });
}

/** A bearer token of a demo user, for the signed-in routes. */
async function signIn(url: string) {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_email: 'user01@souk.test', user_password: 'souk-demo-2026', privacy: 'on' }),
  });
  if (!response.ok) throw new Error(`signing in for the benchmark failed: ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const server = await startServer();
try {
  await measure(`${server.url}/`); // warm-up: JIT, connection pool, page chunks
  const signedIn = { authorization: `Bearer ${await signIn(server.url)}` };
  const results = [];
  for (const route of ROUTES) {
    const result = await measure(`${server.url}${route.path}`, 'signedIn' in route ? signedIn : {});
    if (result.non2xx > 0 && !route.path.includes('no-such'))
      throw new Error(`${route.path}: ${result.non2xx} non-2xx answers`);
    results.push({ ...route, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
  }
  const baseline = results[0];
  if (!baseline) throw new Error('no baseline');
  console.log(`\n${connections} connections, ${seconds}s per route; ratios against ${baseline.name}\n`);
  console.log(
    'route'.padEnd(28),
    'req/s'.padStart(9),
    'throughput'.padStart(11),
    'p50 ms'.padStart(8),
    'p50 ratio'.padStart(10),
    'p99 ms'.padStart(8),
  );
  for (const row of results) {
    console.log(
      row.name.padEnd(28),
      row.rps.toFixed(0).padStart(9),
      `${((row.rps / baseline.rps) * 100).toFixed(1)}%`.padStart(11),
      String(row.p50).padStart(8),
      `${(row.p50 / Math.max(baseline.p50, 1)).toFixed(1)}x`.padStart(10),
      String(row.p99).padStart(8),
    );
  }
} finally {
  server.child?.kill('SIGTERM');
  await new Promise((resolve) => server.child?.on('exit', resolve) ?? resolve(null));
  if (server.dataDir) await fs.rm(server.dataDir, { recursive: true, force: true });
}

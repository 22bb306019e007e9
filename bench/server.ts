/**
 * The server a benchmark measures: its own process on a temporary data folder with the demo data (the
 * production build must exist: `npm run build`), unless BENCH_URL points at a running one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';

export interface BenchServer {
  url: string;
  /** CPU time the server process has used so far (all threads), in ms; undefined for a server we did not start. */
  cpuMs(): Promise<number | undefined>;
  /** The server process's resident memory in bytes; undefined for a server we did not start. */
  rssBytes(): Promise<number | undefined>;
  /** A full garbage collection in the server (through its inspector), when started with `inspect`. */
  collectGarbage(): Promise<void>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** A data folder to serve (kept at the end), e.g. a generated dataset's; a new temporary one otherwise. */
  dataDir?: string;
  /** An outside PostgreSQL for that folder's data (DATABASE_URL); the folder's embedded one otherwise. */
  databaseUrl?: string;
  /** How long start-up may take (migrations on a large database take a while); 2 minutes otherwise. */
  readyTimeoutMs?: number;
  /** Opens the server's inspector on a local port, for collectGarbage (memory figures without old garbage). */
  inspect?: boolean;
  /** More environment for the server (the benchmark's own settings; the caller's environment wins). */
  env?: Record<string, string>;
}

export async function startServer(options: ServerOptions = {}): Promise<BenchServer> {
  if (process.env.BENCH_URL) {
    return {
      url: process.env.BENCH_URL,
      cpuMs: async () => undefined,
      rssBytes: async () => undefined,
      collectGarbage: async () => undefined,
      stop: async () => undefined,
    };
  }
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'souk-bench-')));
  const port = await freePort();
  const inspectorPort = options.inspect ? await freePort() : undefined;
  const inspect = inspectorPort ? [`--inspect=127.0.0.1:${inspectorPort}`] : [];
  // Request logging off (warn): the benchmark measures the app, not writing two log lines a request.
  const child = spawn(process.execPath, [...inspect, 'server/main.ts'], {
    env: {
      ...options.env,
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl ?? '',
      // Every request of a benchmark comes from one address: the API's per-address limit would answer 429.
      API_READS_PER_MINUTE: '1000000',
      API_WRITES_PER_MINUTE: '1000000',
      CHAT_MESSAGES_PER_MINUTE: '1000000',
      // Likewise the WebSocket frame limits, unless a benchmark sets them (bench:ws-flood keeps the account's).
      WS_FRAMES_PER_ACCOUNT: process.env.WS_FRAMES_PER_ACCOUNT ?? '1000000',
      WS_FRAMES_PER_ADDRESS: process.env.WS_FRAMES_PER_ADDRESS ?? '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, options.readyTimeoutMs ?? 120_000).catch((error: unknown) => {
    child.kill('SIGTERM');
    throw error;
  });
  return {
    url,
    cpuMs: () => processCpuMs(child.pid),
    rssBytes: () => processRssBytes(child.pid),
    collectGarbage: () => (inspectorPort ? collectGarbage(inspectorPort) : Promise.resolve()),
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.on('exit', resolve));
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    if (waited > timeoutMs) throw new Error(`the server did not become ready in ${Math.round(timeoutMs / 1000)} s`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** HeapProfiler.collectGarbage over the inspector's WebSocket (Chrome DevTools Protocol). */
async function collectGarbage(inspectorPort: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  if (!target) throw new Error('the server has no inspector target');
  const session = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    session.once('open', resolve);
    session.once('error', reject);
  });
  await new Promise((resolve) => {
    session.on('message', (data) => {
      if ((JSON.parse(String(data)) as { id?: number }).id === 1) resolve(undefined);
    });
    session.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  });
  session.close();
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of /proc/<pid>/stat (fields 14 and 15, after the command name in brackets). */
async function processCpuMs(pid: number | undefined) {
  if (pid === undefined) return undefined;
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (!fields) return undefined;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** VmRSS of /proc/<pid>/status. */
async function processRssBytes(pid: number | undefined) {
  if (pid === undefined) return undefined;
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kilobytes = status?.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  return kilobytes ? Number(kilobytes) * 1024 : undefined;
}

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A bearer token of a demo user, for the signed-in routes. */
export async function signIn(url: string) {
  const response = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_email: 'user01@souk.test', user_password: 'souk-demo-2026', privacy: 'on' }),
  });
  if (!response.ok) throw new Error(`signing in for the benchmark failed: ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent on the wire (still compressed when the server compressed them). */
  body: Buffer;
}

/** One GET without decompression (fetch would decompress and hide what went over the wire). */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

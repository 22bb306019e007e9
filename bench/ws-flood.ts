/**
 * WebSocket flood benchmark (issue 20): another client's API p95 while several accounts flood /ws with `read`
 * frames, against the same client's p95 with the server idle. Target: at most 2x. BENCH_ROUNDS interleaved
 * rounds (an idle phase, then a flood phase), the p95s over all rounds' answers (the machines here are shared).
 * - the bystander: signed-in `GET /api/v1/chats/unread` (a database read, like the flood's), BENCH_RATE a second
 *   from BENCH_CONNECTIONS loops, for BENCH_SECONDS a phase, each call timed from when it was due;
 * - the flooders, in a child process (their sending does not slow the bystander's event loop): BENCH_FLOODERS
 *   accounts, each sending BENCH_BURST `read` frames of one of its conversations at once, without waiting, then
 *   connecting again as soon as its socket closes (every second while reconnecting is refused), until the phase
 *   ends. Their starts are spread over the limits' 10 s window, so a burst comes every 10/BENCH_FLOODERS s. On
 *   loopback every flooder has one address, so the per-address frame limit is lifted (as if they came from
 *   many): the per-account limit and the server's handling of a burst are what is measured.
 * The server is its own process on a temporary embedded PostgreSQL: the production entry when the web app is
 * built, otherwise the API alone (the benchmark uses no page).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { WebSocket } from 'ws';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { startServer } from './server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const FLOODERS = Number(process.env.BENCH_FLOODERS ?? 32);
const BURST = Number(process.env.BENCH_BURST ?? 3000);
const RECONNECT_MS = 1000;
/** The frame limits count per 10 seconds (WS_FRAMES_PER_ACCOUNT). */
const LIMIT_WINDOW_MS = 10_000;
/** A phase ends this long after its time even if calls are still due (and a call is abandoned after it). */
const GIVE_UP_SECONDS = 60;
const TARGET_RATIO = 2;

interface Flooder {
  token: string;
  chatId: string;
}
interface FloodPlan {
  url: string;
  flooders: Flooder[];
  seconds: number;
  burst: number;
}
interface Round {
  idle: number[];
  flooded: number[];
  flood: FloodStats;
}
interface FloodStats {
  connections: number;
  refused_connections: number;
  frames_sent: number;
  frames_answered: number;
  refusals_429: number;
  close_codes: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const load = () => os.loadavg().map((value) => Number(value.toFixed(2)));

async function main() {
  if (process.env.BENCH_URL) throw new Error('bench:ws-flood starts its own server: unset BENCH_URL');
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-bench-ws-flood-'));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(root, 'db'), logger: pino({ level: 'warn' }) });
  try {
    const server = await startBenchServer(path.join(root, 'app'), postgres.url);
    try {
      const loadBefore = load();
      const rounds = await measure(server.url, postgres.url);
      console.log(JSON.stringify({ server: server.kind, ...report(rounds), load_average_before: loadBefore }, null, 2));
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** A warm-up, then ROUNDS times: the bystander with the server idle, then while the flooders flood. */
async function measure(url: string, databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const { bystander, flooders } = await createAccounts(pool, FLOODERS).finally(() => pool.end());
  await bystanderTimes(url, bystander, 3);
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const idle = await bystanderTimes(url, bystander, SECONDS);
    const flood = startFlood({ url, flooders, seconds: SECONDS + 2, burst: BURST });
    await flood.started;
    const flooded = await bystanderTimes(url, bystander, SECONDS);
    rounds.push({ idle, flooded, flood: await flood.finished });
  }
  return rounds;
}

/** p95 of every round's idle answers against that of every round's answers during a flood, and each round's. */
function report(rounds: Round[]) {
  const idle = rounds.flatMap((round) => round.idle);
  const flooded = rounds.flatMap((round) => round.flooded);
  const ratio = percentile(flooded, 95) / percentile(idle, 95);
  const ms = (value: number) => Number(value.toFixed(1));
  return {
    bystander: `GET /api/v1/chats/unread, ${RATE}/s from ${CONNECTIONS} loops`,
    idle_requests: idle.length,
    idle_p50_ms: ms(percentile(idle, 50)),
    idle_p95_ms: ms(percentile(idle, 95)),
    flood_requests: flooded.length,
    flood_p50_ms: ms(percentile(flooded, 50)),
    flood_p95_ms: ms(percentile(flooded, 95)),
    ratio: Number(ratio.toFixed(2)),
    target: `<= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`,
    rounds: rounds.map((round) => ({
      idle_p95_ms: ms(percentile(round.idle, 95)),
      flood_p95_ms: ms(percentile(round.flooded, 95)),
      ratio: Number((percentile(round.flooded, 95) / percentile(round.idle, 95)).toFixed(2)),
    })),
    flooders: FLOODERS,
    burst_frames: BURST,
    flood: rounds.map((round) => round.flood),
    load_average_after: load(),
  };
}

/**
 * The production entry (bench/server.ts) when the web app is built; otherwise this file's `serve` role, the API
 * alone. Either way with the limits of bench/server.ts, and the per-address frame limit lifted (see above).
 */
async function startBenchServer(dataDir: string, databaseUrl: string) {
  process.env.WS_FRAMES_PER_ADDRESS = '1000000';
  process.env.WS_FRAMES_PER_ACCOUNT ??= '240';
  if (existsSync('build/server/index.js')) {
    return { kind: 'server/main.ts', ...(await startServer({ dataDir, databaseUrl })) };
  }
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LOG_LEVEL: 'warn',
      API_READS_PER_MINUTE: '1000000',
      API_WRITES_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await firstLine(child, 120_000);
  return {
    kind: 'API only (no web build)',
    url,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** The `serve` role: what server/start.ts does, without the web pages (they need `npm run build`). */
async function serveApi() {
  const { loadConfig } = await import('../server/config.ts');
  const { migrateDatabase, openDatabase } = await import('../server/db/database.ts');
  const { seedOnStart } = await import('../server/db/seed/index.ts');
  const { createJobQueue } = await import('../server/kernel/jobs-pg-boss.ts');
  const { buildApp } = await import('../server/app.ts');
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(config, logger);
  await migrateDatabase(database.pool, (db) => seedOnStart(db, config, logger));
  const jobs = createJobQueue({ pool: database.pool, connectionString: database.url, logger, runWorkers: false });
  const app = await buildApp({ config, database, jobs, web: false });
  await jobs.start();
  console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
  process.once('SIGTERM', async () => {
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  });
}

/** The bystander and the flooders, each with a session; every flooder is the buyer in a conversation of its own. */
async function createAccounts(pool: pg.Pool, count: number) {
  const { rows: items } = (await pool.query('select id from items where deleted_at is null limit 1')) as {
    rows: Array<{ id: string }>;
  };
  const item = items[0];
  if (!item) throw new Error('the demo data has no item');
  const account = async (id: string) => {
    const token = randomBytes(24).toString('hex');
    await pool.query(
      `insert into users (id, user_name, user_email, email_verify) values ($1, $1, $1 || '@bench.test', true)`,
      [id],
    );
    await pool.query(
      `insert into sessions (id, token, user_id, expires_at) values ($1, $2, $1, now() + interval '1 day')`,
      [id, token],
    );
    return token;
  };
  const bystander = await account('bench-bystander');
  const flooders: Flooder[] = [];
  for (let index = 0; index < count; index++) {
    const id = `bench-flooder-${index}`;
    const token = await account(id);
    const { rows } = (await pool.query(
      `insert into chats (item_id, buyer_user_id, seller_user_id, buyer_unread_count)
       values ($1, $2, 'bench-bystander', 1) returning id`,
      [item.id, id],
    )) as { rows: Array<{ id: string }> };
    flooders.push({ token, chatId: rows[0]?.id ?? '' });
  }
  return { bystander, flooders };
}

/**
 * Times (ms) of signed-in API calls, RATE a second in all from CONNECTIONS loops, for `seconds`. A call is timed
 * from when it was due, not from when its loop could send it: a stalled server is not sampled less for it.
 */
async function bystanderTimes(url: string, token: string, seconds: number) {
  const times: number[] = [];
  const interval = (CONNECTIONS * 1000) / RATE;
  const calls = Math.floor((seconds * RATE) / CONNECTIONS);
  const start = performance.now();
  const giveUp = start + (seconds + GIVE_UP_SECONDS) * 1000;
  const loop = async (offset: number) => {
    for (let n = 0; n < calls && performance.now() < giveUp; n++) {
      const due = start + offset + n * interval;
      if (due > performance.now()) await sleep(due - performance.now());
      const response = await fetch(`${url}/api/v1/chats/unread`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(GIVE_UP_SECONDS * 1000),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the bystander's request answered ${response.status}`);
      times.push(performance.now() - due);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => loop((index * interval) / CONNECTIONS)));
  return times;
}

/** Runs the flooders' child process: `started` once the first burst is sent, `finished` with its counts. */
function startFlood(plan: FloodPlan) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'flood'], {
    env: { ...process.env, BENCH_FLOOD: JSON.stringify(plan) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const outputs: string[] = [];
  const started = new Promise<void>((resolve, reject) => {
    lines.once('line', () => resolve());
    child.once('exit', () => reject(new Error("the flooders' process ended before flooding")));
  });
  lines.on('line', (line) => outputs.push(line));
  const finished = new Promise<FloodStats>((resolve, reject) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), (plan.seconds + 30) * 1000);
    child.once('exit', (code) => {
      clearTimeout(killer);
      const last = outputs.at(-1);
      if (code === 0 && last) resolve(JSON.parse(last) as FloodStats);
      else reject(new Error(`the flooders' process ended with ${code}`));
    });
  });
  // Awaited by the caller; this only keeps an early failure from ending the process before its clean-up.
  finished.catch(() => undefined);
  return { started, finished };
}

/** The `flood` role: every flooder floods, reconnects and floods again until the plan's time is up. */
async function flood() {
  const plan = JSON.parse(process.env.BENCH_FLOOD ?? '{}') as FloodPlan;
  const stats: FloodStats = {
    connections: 0,
    refused_connections: 0,
    frames_sent: 0,
    frames_answered: 0,
    refusals_429: 0,
    close_codes: {},
  };
  const deadline = performance.now() + plan.seconds * 1000;
  let announced = false;
  const sent = () => {
    if (!announced) console.log('{"started":true}');
    announced = true;
  };
  await Promise.all(
    plan.flooders.map(async (flooder, index) => {
      // Spread over the limits' window: an account floods again once its window is over, so waves keep coming.
      await sleep((index * LIMIT_WINDOW_MS) / plan.flooders.length);
      while (performance.now() < deadline) {
        if (!(await floodOnce(plan, flooder, stats, sent))) await sleep(RECONNECT_MS);
      }
    }),
  );
  console.log(JSON.stringify(stats));
}

/** One connection: the burst as soon as it opens, then wait for the close; false when the connection is refused. */
function floodOnce(plan: FloodPlan, flooder: Flooder, stats: FloodStats, sent: () => void) {
  const frame = JSON.stringify({ t: 'read', chat_id: flooder.chatId });
  return new Promise<boolean>((resolve) => {
    const socket = new WebSocket(`${plan.url.replace(/^http/, 'ws')}/ws`, {
      headers: { authorization: `Bearer ${flooder.token}` },
    });
    let opened = false;
    socket.once('open', () => {
      opened = true;
      stats.connections += 1;
      for (let n = 0; n < plan.burst; n++) socket.send(frame);
      stats.frames_sent += plan.burst;
      sent();
    });
    socket.on('message', (data) => {
      const answer = JSON.parse(String(data)) as { t: string; code?: number };
      if (answer.t === 'error' && answer.code === 429) stats.refusals_429 += 1;
      else if (answer.t !== 'ready') stats.frames_answered += 1;
    });
    // A refused connection ("Unexpected server response: 429") is reported by the close that follows.
    socket.on('error', () => undefined);
    socket.once('close', (code) => {
      if (opened) stats.close_codes[code] = (stats.close_codes[code] ?? 0) + 1;
      else stats.refused_connections += 1;
      resolve(opened);
    });
  });
}

function firstLine(child: ChildProcess, timeoutMs: number) {
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in time')), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited during start-up (${code})`));
    });
    // The server's address: the first line that is one (a warning may come before it).
    lines.on('line', (line) => {
      if (!/^http:\/\//.test(line)) return;
      clearTimeout(timer);
      resolve(line.trim());
    });
  });
}

const role = process.argv[2];
if (role === 'serve') await serveApi();
else if (role === 'flood') await flood();
else await main();

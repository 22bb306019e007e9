/**
 * Chat benchmark (issue 12): 1,000 WebSocket connections in 500 conversations (a buyer and a seller each), every
 * message stored in PostgreSQL before it is delivered.
 * - saturation: buyers send as fast as their conversations take (a window of messages in flight each); the
 *   figure is messages delivered to the sellers' sockets per second, against /healthz requests per second of
 *   the same server in the same run;
 * - latency: the same sockets at 20% of that rate, spread evenly; delivery time from send to the seller's
 *   socket, p50 and p99, after a first second at that rate (reported apart: every conversation's first
 *   message after a pause asks the write checks again, see server/modules/chat/write-checks.ts);
 * - memory: the server's resident memory per idle connection (1,000 connections open and quiet, against none),
 *   each reading after a full garbage collection.
 * The server is its own process on a temporary embedded PostgreSQL (npm run build first).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { WebSocket } from 'ws';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { type BenchServer, startServer } from './server.ts';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 4);

type Frame = { t: string; client_id?: string; message?: { client_id: string | null; chat_id: string } };

interface Side {
  socket: WebSocket;
  token: string;
}
interface Conversation {
  chatId: string;
  buyer: Side;
  seller: Side;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-bench-chat-'));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(root, 'db'), logger: pino({ level: 'warn' }) });
  const server = await startServer({ dataDir: path.join(root, 'app'), databaseUrl: postgres.url, inspect: true });
  const pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
  try {
    const keys = await createConversations(pool, CONVERSATIONS);
    await sleep(2000);
    const idleRss = await settledRss(server);
    const sent = new Map<string, number>();
    const deliveries: number[] = [];
    const conversations: Conversation[] = [];
    for (const key of keys) conversations.push(await connect(server.url, key, sent, deliveries));
    const connectedRss = await settledRss(server);
    const perConnection = ((connectedRss ?? 0) - (idleRss ?? 0)) / (conversations.length * 2);

    const healthz = await autocannon({ url: `${server.url}/healthz`, connections: 10, duration: 5 });
    const saturated = await saturate(conversations, sent, deliveries);
    const healthzAfter = await autocannon({ url: `${server.url}/healthz`, connections: 10, duration: 5 });
    const helloRps = (healthz.requests.average + healthzAfter.requests.average) / 2;
    const rate = saturated.perSecond * 0.2;
    const firstSecond = await pace(conversations, sent, deliveries, rate, 1);
    const paced = await pace(conversations, sent, deliveries, rate, SECONDS);
    const [stored] = (await pool.query('select count(*)::int as n from chat_messages')).rows as Array<{ n: number }>;

    const report = {
      connections: conversations.length * 2,
      conversations: conversations.length,
      healthz_rps: Math.round(helloRps),
      delivered_per_second: Math.round(saturated.perSecond),
      share_of_healthz: Number((saturated.perSecond / helloRps).toFixed(3)),
      saturation_p50_ms: Number(percentile(saturated.latencies, 50).toFixed(1)),
      saturation_p99_ms: Number(percentile(saturated.latencies, 99).toFixed(1)),
      paced_rate_per_second: Math.round(rate),
      paced_delivered: paced.latencies.length,
      paced_p50_ms: Number(percentile(paced.latencies, 50).toFixed(1)),
      paced_p99_ms: Number(percentile(paced.latencies, 99).toFixed(1)),
      paced_first_second_p99_ms: Number(percentile(firstSecond.latencies, 99).toFixed(1)),
      server_rss_idle_mb: Number(((idleRss ?? 0) / 2 ** 20).toFixed(1)),
      server_rss_connected_mb: Number(((connectedRss ?? 0) / 2 ** 20).toFixed(1)),
      bytes_per_idle_connection: Math.round(perConnection),
      messages_stored: stored?.n ?? 0,
      lost:
        saturated.sent +
        firstSecond.sent +
        paced.sent -
        (saturated.latencies.length + firstSecond.latencies.length + paced.latencies.length),
    };
    console.log(JSON.stringify(report, null, 2));
    for (const conversation of conversations) {
      conversation.buyer.socket.terminate();
      conversation.seller.socket.terminate();
    }
  } finally {
    await pool.end();
    await server.stop();
    await postgres.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** 1,000 accounts with a session each, and 500 conversations between them about demo items. */
async function createConversations(pool: pg.Pool, count: number) {
  const { rows: items } = (await pool.query('select id from items where deleted_at is null limit 50')) as {
    rows: Array<{ id: string }>;
  };
  const people = Array.from({ length: count * 2 }, (_, index) => ({
    id: `bench-chat-${index}`,
    token: randomBytes(24).toString('hex'),
  }));
  for (const person of people) {
    await pool.query(
      `insert into users (id, user_name, user_email, email_verify) values ($1, $1, $1 || '@bench.test', true)`,
      [person.id],
    );
    await pool.query(
      `insert into sessions (id, token, user_id, expires_at) values ($1, $2, $1, now() + interval '1 day')`,
      [person.id, person.token],
    );
  }
  const conversations: Array<{ chatId: string; buyerToken: string; sellerToken: string }> = [];
  for (let index = 0; index < count; index++) {
    const seller = people[index];
    const buyer = people[count + index];
    const item = items[index % items.length];
    if (!seller || !buyer || !item) throw new Error('not enough people or items');
    const { rows } = (await pool.query(
      'insert into chats (item_id, buyer_user_id, seller_user_id) values ($1, $2, $3) returning id',
      [item.id, buyer.id, seller.id],
    )) as { rows: Array<{ id: string }> };
    conversations.push({ chatId: rows[0]?.id ?? '', buyerToken: buyer.token, sellerToken: seller.token });
  }
  return conversations;
}

async function connect(
  url: string,
  conversation: { chatId: string; buyerToken: string; sellerToken: string },
  sent: Map<string, number>,
  deliveries: number[],
): Promise<Conversation> {
  const open = (token: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, {
        headers: { authorization: `Bearer ${token}` },
      });
      socket.once('error', reject);
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as Frame;
        if (frame.t === 'ready') resolve(socket);
      });
    });
  const buyer = await open(conversation.buyerToken);
  const seller = await open(conversation.sellerToken);
  seller.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    if (frame.t !== 'message' || !frame.message?.client_id) return;
    const at = sent.get(frame.message.client_id);
    if (at === undefined) return;
    sent.delete(frame.message.client_id);
    deliveries.push(performance.now() - at);
  });
  return {
    chatId: conversation.chatId,
    buyer: { socket: buyer, token: conversation.buyerToken },
    seller: { socket: seller, token: conversation.sellerToken },
  };
}

let counter = 0;
function send(conversation: Conversation, sent: Map<string, number>) {
  const clientId = `bench-${++counter}-${randomBytes(4).toString('hex')}`;
  sent.set(clientId, performance.now());
  conversation.buyer.socket.send(
    JSON.stringify({ t: 'send', chat_id: conversation.chatId, client_id: clientId, message: `Message ${counter}` }),
  );
}

/** Every conversation keeps WINDOW messages in flight for SECONDS: delivered messages per second. */
async function saturate(conversations: Conversation[], sent: Map<string, number>, deliveries: number[]) {
  deliveries.length = 0;
  let sentCount = 0;
  let running = true;
  const inFlight = new Map<Conversation, number>();
  const start = performance.now();
  const top = () => {
    for (const conversation of conversations) {
      while (running && (inFlight.get(conversation) ?? 0) < WINDOW) {
        send(conversation, sent);
        sentCount += 1;
        inFlight.set(conversation, (inFlight.get(conversation) ?? 0) + 1);
      }
    }
  };
  const listeners = conversations.map((conversation) => {
    const listener = () => inFlight.set(conversation, Math.max(0, (inFlight.get(conversation) ?? 1) - 1));
    conversation.seller.socket.on('message', listener);
    return [conversation, listener] as const;
  });
  top();
  while (performance.now() - start < SECONDS * 1000) {
    await sleep(20);
    top();
  }
  running = false;
  const delivered = deliveries.length;
  const elapsed = (performance.now() - start) / 1000;
  await drain(sent);
  for (const [conversation, listener] of listeners) conversation.seller.socket.off('message', listener);
  return { perSecond: delivered / elapsed, latencies: [...deliveries], sent: sentCount };
}

/** `rate` messages per second in all, spread evenly over the conversations, for `seconds`. */
async function pace(
  conversations: Conversation[],
  sent: Map<string, number>,
  deliveries: number[],
  rate: number,
  seconds: number,
) {
  deliveries.length = 0;
  const total = Math.max(1, Math.round(rate * seconds));
  const start = performance.now();
  for (let index = 0; index < total; index++) {
    const due = start + (index / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const conversation = conversations[index % conversations.length];
    if (conversation) send(conversation, sent);
  }
  await drain(sent);
  return { latencies: [...deliveries], sent: total };
}

async function drain(sent: Map<string, number>) {
  for (let waited = 0; sent.size > 0 && waited < 30_000; waited += 50) await sleep(50);
}

async function settledRss(server: BenchServer) {
  const samples: number[] = [];
  for (let index = 0; index < 5; index++) {
    await sleep(400);
    await server.collectGarbage();
    const value = await server.rssBytes();
    if (value !== undefined) samples.push(value);
  }
  return samples.length ? percentile(samples, 50) : undefined;
}

await main();

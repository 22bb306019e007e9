import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ITEM_STATUS } from '../contract/items.ts';
import { OFFER_STATUS } from '../contract/offers.ts';
import type { Database } from './db/database.ts';
import { createTestDatabase } from './testing/database.ts';
import { SEED_CREDENTIALS } from './testing/global-setup.ts';
import { buildWebAppIfNeeded, killLeftovers, type ServerProcess, startServer } from './testing/process.ts';
import { chats, items, notifications } from './testing/tables.ts';

/** Jobs queued or running in the app's queue (pg-boss), all names together. */
async function unfinishedJobs() {
  const { rows } = await database.pool.query(
    "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')",
  );
  return (rows[0] as { n: number }).n;
}

/**
 * Follow-ups survive a crash (DESIGN.md "Follow-ups", docs/decisions/0010): a favourite, a sale and a message
 * commit while no job runs (JOB_WORKERS=false), the process is killed with SIGKILL, and the next start, which
 * runs jobs, brings the favourite count, the closed conversation and the notice of the message.
 */
buildWebAppIfNeeded();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-follow-ups-'));
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  killLeftovers(dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

const demo = (n: number) => `demo-user-${String(n).padStart(2, '0')}`;

/** Calls the server's API; a call it cannot reach fails with the server's last output, to say why. */
function apiOf(address: string, server: ServerProcess) {
  return async (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${address}/api/v1${url}${url.includes('?') ? '&' : '?'}lang=en`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((error: unknown) => {
      const state = `exit code ${server.child.exitCode}, signal ${server.child.signalCode}`;
      throw new Error(`${method} ${url}: ${String(error)} (${state})\n${server.output().slice(-4000)}`);
    });
    return {
      status: response.status,
      body: (await response.json()) as { message: string; data: Record<string, unknown> },
    };
  };
}

async function signIn(api: ReturnType<typeof apiOf>, n: number | 'admin') {
  const answer = await api('POST', '/auth/login', undefined, {
    user_email: n === 'admin' ? SEED_CREDENTIALS.adminEmail : `user${String(n).padStart(2, '0')}@souk.test`,
    user_password: n === 'admin' ? SEED_CREDENTIALS.adminPassword : 'souk-demo-2026',
    privacy: 'on',
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data.token as string;
}

/** Two active, unsold listings of `sellerId`. */
async function listingsOf(sellerId: string) {
  const rows = await database.db
    .select({ id: items.id, favourites: items.favouriteCount })
    .from(items)
    .where(
      and(
        eq(items.addedUserId, sellerId),
        eq(items.status, ITEM_STATUS.active),
        eq(items.isSoldOut, false),
        sql`${items.deletedAt} is null`,
      ),
    )
    .limit(2);
  if (rows.length < 2) throw new Error(`${sellerId} has too few listings`);
  return rows as [{ id: string; favourites: number }, { id: string; favourites: number }];
}

/** A listing waiting for approval, of someone other than `userId`. */
async function pendingListingNotOf(userId: string) {
  const [row] = await database.db
    .select({ id: items.id, catId: items.catId })
    .from(items)
    .where(
      and(
        eq(items.status, ITEM_STATUS.pending),
        sql`${items.addedUserId} <> ${userId}`,
        sql`${items.deletedAt} is null`,
      ),
    )
    .limit(1);
  if (!row) throw new Error('the demo data has no pending listing');
  return row;
}

const noticesOf = async (userId: string, kind = 'chat.message') =>
  (
    await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
  ).length;
const favouritesOf = async (itemId: string) =>
  (await database.db.select({ n: items.favouriteCount }).from(items).where(eq(items.id, itemId)))[0]?.n;
const offerStatusOf = async (chatId: string) =>
  (await database.db.select({ status: chats.offerStatus }).from(chats).where(eq(chats.id, chatId)))[0]?.status;

async function stop(server: ServerProcess, signal: NodeJS.Signals) {
  server.child.kill(signal);
  return server.exited;
}

describe('a process killed between a commit and its follow-ups', { timeout: 240_000 }, () => {
  it('loses none of them: the next start brings the counter, the closed conversation and the notice', async () => {
    const env = { DATABASE_URL: database.url };
    const [favourite, sold] = await listingsOf(demo(2));
    const noticesBefore = await noticesOf(demo(2));
    const alertsBefore = await noticesOf(demo(1), 'favourite.sold');
    const matchesBefore = await noticesOf(demo(1), 'saved_search.match');
    const pending = await pendingListingNotOf(demo(1));

    const crashing = startServer(dataDir, { ...env, JOB_WORKERS: 'false' });
    const api = apiOf(await crashing.listening, crashing);
    const [buyer, seller, admin] = [await signIn(api, 1), await signIn(api, 2), await signIn(api, 'admin')];
    // The buyer's saved search of the pending listing's category: approving it makes a match, then its notice.
    const saved = await api('POST', '/saved-searches', buyer, { cat_id: pending.catId, name: 'After a crash' });
    expect(saved.status, saved.body.message).toBe(201);
    const approved = await api('POST', `/admin/items/${pending.id}/decision`, admin, { decision: 'approve' });
    expect(approved.status, approved.body.message).toBe(200);

    const favoured = await api('POST', `/items/${favourite.id}/favourite`, buyer, { favourite: true });
    expect(favoured.status, favoured.body.message).toBe(200);
    // The answer counts the rows; the listing's counter waits for its follow-up.
    expect(favoured.body.data.favourite_count).toBe(favourite.favourites + 1);
    // The buyer keeps the listing that is then sold: its alert is a follow-up of the sale.
    expect((await api('POST', `/items/${sold.id}/favourite`, buyer, { favourite: true })).status).toBe(200);
    const opened = await api('POST', '/chats', buyer, {
      item_id: sold.id,
      buyer_user_id: demo(1),
      seller_user_id: demo(2),
    });
    expect(opened.status, opened.body.message).toBe(200);
    const chatId = (opened.body.data.chat as { id: string }).id;
    const said = await api('POST', `/chats/${chatId}/messages`, buyer, {
      client_id: 'after-a-crash-1',
      message: 'Still here?',
    });
    expect(said.status, said.body.message).toBe(200);
    const marked = await api('POST', `/items/${sold.id}/sold`, seller, { is_sold_out: true });
    expect(marked.status, marked.body.message).toBe(200);

    expect(await favouritesOf(favourite.id)).toBe(favourite.favourites);
    expect(await noticesOf(demo(1), 'favourite.sold')).toBe(alertsBefore);
    expect(await noticesOf(demo(1), 'saved_search.match')).toBe(matchesBefore);
    expect(await offerStatusOf(chatId)).toBe(OFFER_STATUS.none);
    expect(await noticesOf(demo(2))).toBe(noticesBefore);
    expect(await stop(crashing, 'SIGKILL')).toBeNull();

    const restarted = startServer(dataDir, env);
    await restarted.listening;
    await vi.waitFor(
      async () => {
        expect(await favouritesOf(favourite.id)).toBe(favourite.favourites + 1);
        expect(await offerStatusOf(chatId)).toBe(OFFER_STATUS.sold);
        expect(await noticesOf(demo(2))).toBe(noticesBefore + 1);
        expect(await noticesOf(demo(1), 'favourite.sold')).toBe(alertsBefore + 1);
        expect(await noticesOf(demo(1), 'saved_search.match')).toBe(matchesBefore + 1);
      },
      { timeout: 120_000, interval: 200 },
    );
    // Exactly once: every job of the run is done, and the saved search's row counts one listing.
    await vi.waitFor(async () => expect(await unfinishedJobs()).toBe(0), { timeout: 60_000, interval: 200 });
    const [match] = await database.db
      .select({ count: notifications.count })
      .from(notifications)
      .where(and(eq(notifications.userId, demo(1)), eq(notifications.kind, 'saved_search.match')));
    expect(match?.count).toBe(1);
    expect(await noticesOf(demo(1), 'favourite.sold')).toBe(alertsBefore + 1);
    expect(await stop(restarted, 'SIGTERM')).toBe(0);
  });
});

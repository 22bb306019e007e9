import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from './db/database.ts';
import { createTestDatabase } from './testing/database.ts';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe.ts';
import { paymentRows } from './testing/payment-checks.ts';
import { buildWebAppIfNeeded, killLeftovers, startServer } from './testing/process.ts';
import { appSettings, paidAds, paymentStatusChanges } from './testing/tables.ts';

/**
 * A verified payment's follow-up survives a crash (issue 23): Stripe's webhook is verified and committed while no
 * job runs (JOB_WORKERS=false), the process is killed with SIGKILL, and the next start begins the promotion,
 * exactly once.
 */
buildWebAppIfNeeded();
const KEYS = { secretKey: 'sk_test_restart_1', publishableKey: 'pk_test_restart_1', webhookSecret: 'whsec_restart_1' };
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-payment-restart-'));
let database: Database;
let fake: FakeStripe;
beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeStripe(KEYS);
  await database.db.update(appSettings).set({ stripeEnabled: true, stripePublishableKey: KEYS.publishableKey });
});
afterAll(async () => {
  killLeftovers(dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function api(address: string, method: 'GET' | 'POST', url: string, token?: string, body?: unknown) {
  const response = await fetch(`${address}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data: Record<string, unknown> },
  };
}

const completedJobs = async (name: string) => {
  const { rows } = await database.pool.query(
    "select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'",
    [name],
  );
  return (rows[0] as { n: number }).n;
};

describe('a process killed between a verified payment and its promotion', { timeout: 240_000 }, () => {
  it('starts the promotion after the restart, exactly once', async () => {
    const env = {
      DATABASE_URL: database.url,
      STRIPE_SECRET_KEY: KEYS.secretKey,
      STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
      STRIPE_API_URL: fake.url,
    };
    const { activeItemsOf, paymentRow, isPromoted } = paymentRows(database.db);
    const [itemId] = await activeItemsOf(3);
    if (!itemId) throw new Error('demo-user-03 has no active listing');

    const crashing = startServer(dataDir, { ...env, JOB_WORKERS: 'false' });
    const address = await crashing.listening;
    fake.setWebhookUrl(`${address}/api/v1/webhooks/stripe`);
    const login = await api(address, 'POST', '/auth/login', undefined, {
      user_email: 'user03@souk.test',
      user_password: 'souk-demo-2026',
      privacy: 'on',
    });
    const token = login.body.data.token as string;
    const promoted = await api(address, 'POST', '/paid-items', token, {
      item_id: itemId,
      days: 7,
      start_date: new Date().toISOString(),
      payment_method: 'stripe',
    });
    expect(promoted.status, promoted.body.message).toBe(200);
    const started = promoted.body.data.payment as { payment: { id: string }; action: { client_secret: string } };
    await fake.payWithCard(started.action.client_secret, '4242424242424242');
    const paymentStatus = async () => (await paymentRow(started.payment.id))?.status;
    await vi.waitFor(async () => expect(await paymentStatus()).toBe('succeeded'), { timeout: 30_000, interval: 100 });
    expect(await isPromoted(itemId)).toBe(false);
    crashing.child.kill('SIGKILL');
    expect(await crashing.exited).toBeNull();

    const restarted = startServer(dataDir, env);
    await restarted.listening;
    await vi.waitFor(async () => expect(await isPromoted(itemId)).toBe(true), { timeout: 120_000, interval: 200 });
    await vi.waitFor(async () => expect(await completedJobs('payment.succeeded/promotions.book')).toBe(1), {
      timeout: 60_000,
      interval: 200,
    });
    const ads = await database.db.select().from(paidAds).where(eq(paidAds.paymentId, started.payment.id));
    expect(ads).toEqual([expect.objectContaining({ status: 'paid', phase: 'running' })]);
    const successes = await database.db
      .select()
      .from(paymentStatusChanges)
      .where(
        and(eq(paymentStatusChanges.paymentId, started.payment.id), eq(paymentStatusChanges.toStatus, 'succeeded')),
      );
    expect(successes).toHaveLength(1);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});

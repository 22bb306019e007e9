import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  ConsoleAccountListing,
  ConsoleAccountLists,
  ConsoleAccountPayment,
  ConsoleAccountReport,
  ConsoleAccountSession,
} from '../../../contract/console-account.ts';
import type { Paged } from '../../../contract/paging.ts';
import { draftUpload, entryReferences, validEntry } from '../../testing/item-entries.ts';
import { payments } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/**
 * Issue 24: an account's page in the console lists its listings (deleted ones too), the reports it made and
 * received with their outcome, its open sessions and its payments, each the latest first and paged.
 */

const test = useTestApp({ users: [2, 3], admin: true });
const { app, db, call, token } = test;

const SELLER = 'demo-user-03';

async function listingsOf(userId: string) {
  const { rows } = await db.execute<{ id: string; title: string }>(
    sql`select id, title from items where added_user_id = ${userId} and status = 1 and deleted_at is null
        order by added_date desc limit 2`,
  );
  return rows;
}

async function detailOf(userId: string) {
  const answer = await call('GET', `/admin/users/${userId}`, test.adminToken);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data as { lists: ConsoleAccountLists; reports_made: number; sessions: number };
}

const isLatestFirst = (dates: string[]) =>
  dates.every((date, index) => index === 0 || date <= (dates[index - 1] ?? ''));

describe('an account in the console', () => {
  it('lists its listings, the reports it made and received, its sessions and its payments', async () => {
    const [reported] = await listingsOf(SELLER);
    const [elsewhere] = await listingsOf('demo-user-08');
    if (!reported || !elsewhere) throw new Error('the seed has no active listings for these accounts');
    // A listing of its own to delete: deleting a seeded one would remove the seed's photos, which every test shares.
    const removed = { title: 'Listing to delete', id: '' };
    const photo = await draftUpload(db, SELLER);
    const posted = await call('POST', '/items', token(3), validEntry(await entryReferences(db), [photo], removed));
    expect(posted.status, posted.body.message).toBe(201);
    removed.id = posted.body.data.id as string;

    const reporter = await test.signIn('user07@souk.test');
    const sent = await call('POST', `/items/${reported.id}/report`, reporter, {
      reason: 'fraud',
      note: 'Asks for a deposit',
    });
    expect(sent.status, sent.body.message).toBe(200);
    const made = await call('POST', `/items/${elsewhere.id}/report`, token(3), { reason: 'duplicate', note: '' });
    expect(made.status, made.body.message).toBe(200);
    expect((await call('DELETE', `/items/${removed.id}`, token(3))).status).toBe(200);
    await db.insert(payments).values({
      ...{ userId: SELLER, purpose: 'promotion', method: 'stripe', amount: '12.50', currency: 'USD' },
      status: 'succeeded',
    });
    const phone = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login?lang=en',
      headers: { 'user-agent': 'SoukPhone/2.1 (Android 15)' },
      payload: { user_email: 'user03@souk.test', user_password: 'souk-demo-2026', privacy: 'on' },
    });
    expect(phone.statusCode).toBe(200);

    const detail = await detailOf(SELLER);
    const { listings, reports_made, reports_received, sessions, payments: paid } = detail.lists;

    // Listings: every state, deleted ones too, the latest first, a bounded page.
    expect(listings.items.length).toBeGreaterThan(0);
    expect(listings.items.length).toBeLessThanOrEqual(20);
    expect(isLatestFirst(listings.items.map((listing) => listing.added_date))).toBe(true);
    expect(listings.items.find((listing) => listing.id === removed.id)).toMatchObject({
      deleted_at: expect.any(String),
      title: removed.title,
    });
    expect(listings.items.find((listing) => listing.id === reported.id)).toMatchObject({
      status: 1,
      deleted_at: null,
      item_name: expect.stringContaining(reported.id),
      price: expect.any(String),
    });

    // Reports: the one it made, and the one made of its listing, each with its outcome.
    expect(detail.reports_made).toBeGreaterThanOrEqual(1);
    expect(reports_made.items[0]).toMatchObject({
      item_id: elsewhere.id,
      item_title: elsewhere.title,
      reporter_id: SELLER,
      reason: 'duplicate',
      outcome: 'open',
    });
    expect(reports_received.items.find((report) => report.item_id === reported.id)).toMatchObject({
      item_title: reported.title,
      item_deleted: false,
      reporter_id: 'demo-user-07',
      reporter_name: expect.any(String),
      reason: 'fraud',
      note: 'Asks for a deposit',
      outcome: 'open',
    });

    // Sessions: every open one, with the device it was opened from; the count agrees.
    expect(sessions.items).toHaveLength(detail.sessions);
    expect(sessions.items.length).toBeGreaterThanOrEqual(2);
    expect(sessions.items.map((session) => session.user_agent)).toContain('SoukPhone/2.1 (Android 15)');
    expect(sessions.items[0]).toMatchObject({ created_at: expect.any(String), expires_at: expect.any(String) });

    // Payments: read only, as stored.
    expect(paid.items).toEqual([
      expect.objectContaining({ amount: '12.50', currency: 'USD', status: 'succeeded', purpose: 'promotion' }),
    ]);

    // A dismissal shows as the report's outcome.
    expect((await call('POST', `/admin/reports/listings/${reported.id}/dismiss`, test.adminToken)).status).toBe(200);
    const received = await call('GET', `/admin/users/${SELLER}/reports/received`, test.adminToken);
    const dismissed = (received.body.data as unknown as Paged<ConsoleAccountReport>).items;
    expect(dismissed.find((report) => report.item_id === reported.id)?.outcome).toBe('dismissed');
  });

  it('pages each list with its own address, the latest first', async () => {
    const page = async <T>(url: string) => {
      const answer = await call('GET', url, test.adminToken);
      expect(answer.status, `${url}: ${answer.body.message}`).toBe(200);
      return answer.body.data as unknown as Paged<T>;
    };
    const first = await page<ConsoleAccountListing>(`/admin/users/${SELLER}/listings?limit=2`);
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = await page<ConsoleAccountListing>(
      `/admin/users/${SELLER}/listings?limit=2&cursor=${first.next_cursor}`,
    );
    expect(second.items).toHaveLength(2);
    expect(second.items.map((listing) => listing.id)).not.toContain(first.items[0]?.id);
    expect(isLatestFirst([...first.items, ...second.items].map((listing) => listing.added_date))).toBe(true);

    const made = await page<ConsoleAccountReport>(`/admin/users/${SELLER}/reports/made`);
    expect(made.items[0]).toMatchObject({ reason: 'duplicate' });
    const sessions = await page<ConsoleAccountSession>(`/admin/users/${SELLER}/sessions?limit=1`);
    expect(sessions.items).toHaveLength(1);
    expect(sessions.next_cursor).not.toBeNull();
    const paid = await page<ConsoleAccountPayment>(`/admin/users/${SELLER}/payments`);
    expect(paid.items).toHaveLength(1);
    expect((await page<ConsoleAccountPayment>('/admin/users/demo-user-02/payments')).items).toEqual([]);
    expect((await call('GET', '/admin/users/nobody-here/listings', test.adminToken)).status).toBe(404);
  });

  it('shows the lists to administrators only', async () => {
    const urls = [
      `/admin/users/${SELLER}`,
      `/admin/users/${SELLER}/listings`,
      `/admin/users/${SELLER}/reports/made`,
      `/admin/users/${SELLER}/reports/received`,
      `/admin/users/${SELLER}/sessions`,
      `/admin/users/${SELLER}/payments`,
    ];
    for (const url of urls) {
      expect((await call('GET', url, token(2))).status, `${url} as a member`).toBe(403);
      expect((await call('GET', url)).status, `${url} as a visitor`).toBe(401);
    }
  });
});

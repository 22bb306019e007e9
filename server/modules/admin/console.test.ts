import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdf } from '../../testing/media-files.ts';
import { appSettings, operatorAudit, payments, users } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/** Issue 24: the operator's console, its audit log, and the badge applications on both sides. */

const test = useTestApp({ users: [2, 3, 5], admin: true });
const { app, db, call, token, jobsDone } = test;

function dealershipForm(tokenOf: string, note: string, file: Buffer | null) {
  const boundary = 'dealership-test-boundary';
  const parts = [`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${note}\r\n`];
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="certificate.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    ...(file ? [Buffer.from(head), file, Buffer.from('\r\n')] : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/users/me/badges/dealership?lang=en',
    headers: { authorization: `Bearer ${tokenOf}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

async function auditOf(subjectId: string) {
  await jobsDone();
  return (await call('GET', `/admin/audit?subject_id=${encodeURIComponent(subjectId)}`, test.adminToken)).body.data
    .items as Array<Record<string, unknown>>;
}

describe('badge applications', () => {
  it('takes a blue-mark note, refuses an empty one and a second while the first waits', async () => {
    const empty = await call('POST', '/users/me/badges/blue_mark', token(2), { note: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please input note.');

    const sent = await call('POST', '/users/me/badges/blue_mark', token(2), { note: 'I sell my own cars.' });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ blue_mark: { held: false, latest: { status: 'pending' } } });
    expect((await call('POST', '/users/me/badges/blue_mark', token(2), { note: 'again' })).status).toBe(409);
  });

  it('takes a dealership application only with a readable PDF', async () => {
    expect((await dealershipForm(token(3), 'My showroom', null)).statusCode).toBe(400);
    const notPdf = await dealershipForm(token(3), 'My showroom', Buffer.from('%PDF-1.4 but not really'));
    expect(notPdf.statusCode).toBe(400);
    const noNote = await dealershipForm(token(3), '', pdf(1));
    expect(noNote.json().message).toBe('Please input note.');
    const sent = await dealershipForm(token(3), 'My showroom', pdf(2));
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.dealership.latest).toMatchObject({ status: 'pending', has_certificate: true });
  });

  it('keeps certificates from the public: only an administrator reads one', async () => {
    const [pending] = (await call('GET', '/admin/applications/dealership', test.adminToken)).body.data.items as Array<{
      id: number;
    }>;
    const url = `/api/v1/admin/applications/dealership/${pending?.id}/certificate?lang=en`;
    const asMember = await app.inject({ url, headers: { authorization: `Bearer ${token(3)}` } });
    expect(asMember.statusCode).toBe(403);
    const asAdmin = await app.inject({ url, headers: { authorization: `Bearer ${test.adminToken}` } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('application/pdf');
    expect(asAdmin.body.startsWith('%PDF')).toBe(true);
    const [row] = await db
      .execute<{ path: string }>(
        sql`select certificate_path as path from dealership_applications where id = ${pending?.id}`,
      )
      .then((result) => result.rows);
    expect(row?.path.startsWith('private/')).toBe(true);
    expect((await app.inject({ url: `/uploads/${row?.path}` })).statusCode).toBe(404);
  });

  it('lets an operator approve or refuse with a reason; the badge shows at once, and the log says so', async () => {
    const member = await call('POST', '/admin/applications/blue_mark/1', token(5), { decision: 'approve' });
    expect(member.status).toBe(403);
    const pending = (await call('GET', '/admin/applications/blue_mark', test.adminToken)).body.data.items as Array<{
      id: number;
      user_id: string;
    }>;
    const mine = pending.find((application) => application.user_id === 'demo-user-02');
    const noReason = await call('POST', `/admin/applications/blue_mark/${mine?.id}`, test.adminToken, {
      decision: 'reject',
    });
    expect(noReason.status).toBe(400);
    const approved = await call('POST', `/admin/applications/blue_mark/${mine?.id}`, test.adminToken, {
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
    expect((await call('GET', '/users/demo-user-02')).body.data.is_verify_blue_mark).toBe(true);
    const again = await call('POST', `/admin/applications/blue_mark/${mine?.id}`, test.adminToken, {
      decision: 'reject',
      reason: 'late',
    });
    expect(again.status).toBe(409);
    const [entry] = await auditOf(`blue_mark:${mine?.id}`);
    expect(entry).toMatchObject({ action: 'application.approve', after: { status: 'approved' } });

    const dealer = (await call('GET', '/admin/applications/dealership', test.adminToken)).body.data.items as Array<{
      id: number;
    }>;
    const refused = await call('POST', `/admin/applications/dealership/${dealer[0]?.id}`, test.adminToken, {
      decision: 'reject',
      reason: 'The certificate has expired.',
    });
    expect(refused.status).toBe(200);
    const standing = (await call('GET', '/users/me/badges', token(3))).body.data;
    expect(standing.dealership).toMatchObject({
      held: false,
      latest: { status: 'rejected', reason: 'The certificate has expired.' },
    });
  });
});

describe('the console', () => {
  it('finds accounts by name, e-mail and phone, and shows one with its counts', async () => {
    const byEmail = await call('GET', '/admin/users?q=USER05@souk.test', test.adminToken);
    expect((byEmail.body.data.items as Array<{ user_id: string }>).map((user) => user.user_id)).toEqual([
      'demo-user-05',
    ]);
    const byName = (await call('GET', '/admin/users?q=%25', test.adminToken)).body.data.items as unknown[];
    expect(byName).toEqual([]);
    const detail = await call('GET', '/admin/users/demo-user-02', test.adminToken);
    expect(detail.body.data).toMatchObject({ account: { user_id: 'demo-user-02' }, sessions: 1 });
    expect((await call('GET', '/admin/users/nobody-here', test.adminToken)).status).toBe(404);
  });

  it('ends an account’s sessions, and logs it', async () => {
    const ended = await call('POST', '/admin/users/demo-user-05/end-sessions', test.adminToken);
    expect(ended.status).toBe(200);
    expect((await call('GET', '/auth/session', token(5))).body.data.user_id).toBe('nologinuser');
    const [entry] = await auditOf('demo-user-05');
    expect(entry).toMatchObject({ action: 'user.end-sessions', before: { sessions: 1 }, after: { sessions: 0 } });
  });

  it('logs a ban with the account before and after', async () => {
    await call('POST', '/admin/users/demo-user-03/ban', test.adminToken);
    const [entry] = await auditOf('demo-user-03');
    expect(entry).toMatchObject({
      action: 'user.ban',
      actor_name: expect.any(String),
      before: { isBanned: false },
      after: { isBanned: true },
    });
    await call('POST', '/admin/users/demo-user-03/unban', test.adminToken);
  });

  it('changes settings with before and after in the log, and refuses bad values', async () => {
    const read = await call('GET', '/admin/settings', test.adminToken);
    expect(read.status).toBe(200);
    const current = read.body.data;
    const bad = await call('POST', '/admin/settings', test.adminToken, { ...current, reports_per_day: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/out of range/);
    const saved = await call('POST', '/admin/settings', test.adminToken, {
      ...current,
      reports_per_day: 12,
      is_item_approval_enabled: !current.is_item_approval_enabled,
    });
    expect(saved.status).toBe(200);
    const [row] = await db.select().from(appSettings);
    expect(row).toMatchObject({ reportsPerDay: 12, isItemApprovalEnabled: !current.is_item_approval_enabled });
    const [entry] = await auditOf('app');
    expect(entry?.before).toEqual({
      is_item_approval_enabled: current.is_item_approval_enabled,
      reports_per_day: current.reports_per_day,
    });
    expect(entry?.after).toEqual({ is_item_approval_enabled: !current.is_item_approval_enabled, reports_per_day: 12 });
    await call('POST', '/admin/settings', test.adminToken, current);
  });

  it('changes the money settings; a price must be a price', async () => {
    const current = (await call('GET', '/admin/settings', test.adminToken)).body.data;
    expect(current).toMatchObject({ oneday: '10.00', offline_enabled: true, stripe_enabled: false });
    const bad = await call('POST', '/admin/settings', test.adminToken, { ...current, oneday: '1e3' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a price such as 1500 or 1500.50.');
    const badDeposit = await call('POST', '/admin/settings', test.adminToken, { ...current, deposit_percent: '101' });
    expect(badDeposit.status).toBe(400);
    const saved = await call('POST', '/admin/settings', test.adminToken, {
      ...current,
      oneday: '12.5',
      member_listings_per_day: 40,
      paystack_key: 'pk_test_123',
      ...{ deposit_percent: '12.5', cooldown_period: 30, bid_fee: '2', upload_fee: '1.5' },
    });
    expect(saved.status, saved.body.message).toBe(200);
    const [row] = await db.select().from(appSettings);
    expect(row).toMatchObject({ oneDayPrice: '12.50', memberListingsPerDay: 40, paystackKey: 'pk_test_123' });
    expect(row).toMatchObject({ depositPercent: '12.50', cooldownPeriod: 30, bidFee: '2.00', uploadFee: '1.50' });
    expect(JSON.stringify(saved.body.data)).not.toMatch(/sk_|secret/i);
    await call('POST', '/admin/settings', test.adminToken, current);
  });

  it('counts what waits on the dashboard', async () => {
    const dashboard = (await call('GET', '/admin/dashboard', test.adminToken)).body.data;
    expect(dashboard.new_accounts).toHaveLength(14);
    expect(dashboard.pending_applications).toBe(0);
    expect(typeof dashboard.open_reports).toBe('number');
  });

  it('shows payments received and revenue by day, one series per currency, failed ones left out', async () => {
    const payment = { userId: 'demo-user-02', purpose: 'promotion', method: 'stripe' };
    await db.insert(payments).values([
      { ...payment, amount: '40.50', currency: 'SAR', status: 'succeeded' },
      { ...payment, amount: '9.50', currency: 'SAR', status: 'succeeded' },
      { ...payment, amount: '12.00', currency: 'USD', status: 'succeeded' },
      { ...payment, amount: '500.00', currency: 'SAR', status: 'failed' },
    ]);
    type Day = { day: string; count: number };
    type Revenue = { currency: string; days: Array<{ day: string; amount: number }> };
    const dashboard = (await call('GET', '/admin/dashboard', test.adminToken)).body.data as {
      payments: Day[];
      revenue: Revenue[];
    };
    const today = new Date().toISOString().slice(0, 10);
    expect(dashboard.payments).toHaveLength(14);
    expect(dashboard.payments.at(-1)).toEqual({ day: today, count: 3 });
    const revenueToday = (currency: string) =>
      dashboard.revenue.find((series) => series.currency === currency)?.days.at(-1);
    expect(revenueToday('SAR')).toEqual({ day: today, amount: 50 });
    expect(revenueToday('USD')).toEqual({ day: today, amount: 12 });
    expect((await call('GET', '/admin/dashboard', token(2))).status).toBe(403);
  });

  it('renames a category in Arabic and English, shown on the public list at once, and logged', async () => {
    const [category] = (await call('GET', '/admin/categories', test.adminToken)).body.data as unknown as Array<{
      cat_id: number;
      names: Record<string, string>;
      cat_ordering: number;
    }>;
    const url = `/admin/categories/${category?.cat_id}`;
    const edit = {
      names: { ...category?.names, ar: 'أدوات منزلية', en: 'Household goods' },
      cat_ordering: 1,
      is_published: true,
    };
    expect((await call('POST', url, await test.signIn('user06@souk.test'), edit)).status).toBe(403);
    const noArabic = await call('POST', url, test.adminToken, { ...edit, names: { ...edit.names, ar: ' ' } });
    expect(noArabic.status).toBe(400);
    expect((await call('POST', url, test.adminToken, edit)).status).toBe(200);
    const listed = async (language: string) =>
      (await app.inject({ url: `/api/v1/categories?limit=50&lang=${language}` }))
        .json()
        .data.items.map((each: { cat_name: string }) => each.cat_name);
    expect(await listed('en')).toContain('Household goods');
    expect(await listed('ar')).toContain('أدوات منزلية');
    const [entry] = await auditOf(String(category?.cat_id));
    expect(entry).toMatchObject({ action: 'category.update', after: { names: { en: 'Household goods' } } });

    const [, other] = (await call('GET', '/admin/categories', test.adminToken)).body.data as unknown as Array<{
      cat_id: number;
    }>;
    const taken = await call('POST', `/admin/categories/${other?.cat_id}`, test.adminToken, edit);
    expect(taken.status).toBe(409);
    expect((await call('POST', '/admin/categories/999999', test.adminToken, edit)).status).toBe(404);
  });

  it('lists open reports by listing and by reporter, and dismisses those of a listing or of a reporter', async () => {
    const mine = (
      await db.execute<{ id: string }>(
        sql`select id from items where status = 1 and deleted_at is null and added_user_id not in ('demo-user-02', 'demo-user-04') order by added_date desc limit 2`,
      )
    ).rows;
    const [first, second] = mine.map((row) => row.id);
    const [user02, user04] = [await test.signIn('user02@souk.test'), await test.signIn('user04@souk.test')];
    for (const reporter of [user02, user04]) {
      const sent = await call('POST', `/items/${first}/report`, reporter, { reason: 'fraud', note: '' });
      expect(sent.status, sent.body.message).toBe(200);
    }
    await call('POST', `/items/${second}/report`, user02, { reason: 'duplicate', note: '' });

    expect((await call('GET', '/admin/reports/listings', user04)).status).toBe(403);
    const queue = async <Row>(path: string) => (await call('GET', path, test.adminToken)).body.data.items as Row[];
    const byListing = await queue<{ item_id: string; reports: unknown[] }>('/admin/reports/listings');
    expect(byListing.map((listing) => listing.item_id)).toEqual([first, second]);
    expect(byListing[0]?.reports).toHaveLength(2);
    const byReporter = await queue<{ reporter_id: string; open: number }>('/admin/reports/reporters');
    expect(byReporter.find((row) => row.reporter_id === 'demo-user-02')?.open).toBe(2);

    // A page at a time: the first page says there is more, the next one holds the rest.
    const firstPage = (await call('GET', '/admin/reports/listings?limit=1', test.adminToken)).body.data;
    expect((firstPage.items as Array<{ item_id: string }>).map((listing) => listing.item_id)).toEqual([first]);
    expect(firstPage.next_cursor).toEqual(expect.any(String));
    const nextPage = (await call('GET', '/admin/reports/listings?limit=1&offset=1', test.adminToken)).body.data;
    expect((nextPage.items as Array<{ item_id: string }>).map((listing) => listing.item_id)).toEqual([second]);
    expect(nextPage.next_cursor).toBeNull();
    const reporterPage = await queue<{ reporter_id: string }>('/admin/reports/reporters?limit=1&offset=1');
    expect(reporterPage.map((row) => row.reporter_id)).toEqual(['demo-user-04']);
    for (const query of ['limit=0', 'limit=51', 'offset=-1', 'offset=x'])
      expect((await call('GET', `/admin/reports/listings?${query}`, test.adminToken)).status, query).toBe(400);

    expect((await call('POST', `/admin/reports/listings/${first}/dismiss`, test.adminToken)).body.data).toEqual({
      dismissed: 2,
    });
    expect((await call('POST', `/admin/reports/listings/${first}/dismiss`, test.adminToken)).status).toBe(409);
    const penalised = await call('POST', '/admin/reports/reporters/demo-user-02/dismiss', test.adminToken);
    expect(penalised.body.data).toEqual({ dismissed: 1 });
    expect(await queue('/admin/reports/reporters')).toEqual([]);
    const [entry] = await auditOf('demo-user-02');
    expect(entry).toMatchObject({ action: 'reports.dismiss-reporter', after: { dismissed: 1 } });
    const byAction = await call('GET', '/admin/audit?action=reports.dismiss-', test.adminToken);
    const actions = (byAction.body.data.items as Array<{ action: string }>).map((found) => found.action);
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((action) => action === 'reports.dismiss-reporter')).toBe(true);
  });

  it('finds the audit entries of the UTC days asked for, and refuses a day that is not one', async () => {
    const [entry] = await auditOf('demo-user-02');
    const day = String(entry?.acted_at).slice(0, 10);
    const shifted = (days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString();
    const found = async (range: string) =>
      (
        (await call('GET', `/admin/audit?subject_id=demo-user-02&${range}`, test.adminToken)).body.data.items as
          | unknown[]
          | undefined
      )?.length;
    expect(await found(`from=${day}&through=${day}`)).toBeGreaterThan(0);
    expect(await found(`from=${shifted(1).slice(0, 10)}`)).toBe(0);
    expect(await found(`through=${shifted(-1).slice(0, 10)}`)).toBe(0);
    expect((await call('GET', '/admin/audit?from=2026-02-30x', test.adminToken)).status).toBe(400);
    expect((await call('GET', '/admin/audit?through=yesterday', test.adminToken)).status).toBe(400);
  });

  it('keeps the audit log as it was written: no update or delete gets through', async () => {
    await expect(db.update(operatorAudit).set({ action: 'forged' })).rejects.toThrow();
    await expect(db.delete(operatorAudit)).rejects.toThrow();
    const [{ count }] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from operator_audit`))
      .rows as [{ count: number }];
    expect(count).toBeGreaterThan(0);
    expect((await db.select().from(users).where(eq(users.id, 'demo-user-03')))[0]?.isBanned).toBe(false);
  });
});

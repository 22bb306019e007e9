import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { violationsInBothThemes } from './support/axe.ts';
import { withDatabase } from './support/database.ts';
import { runScheduledJobNow } from './support/jobs.ts';

/**
 * Issue 23, paid promotion (SPEC.md 2, 4, 9): an owner promotes an active listing for 7 days, paying by bank
 * transfer with a reference; it waits for approval until an admin approves the payment, then runs, and the
 * listing carries the Featured badge among the paid items; the payment has its receipt. A start in the past is
 * refused beside the date ('Your selected date is invalid.'). The demo's one-day price is 10 SAR and its
 * offline methods are a bank transfer and cash at the office.
 */

type Tree = { [key: string]: string | Tree };
const english = Object.fromEntries(
  ['items', 'payments', 'forms', 'common'].map((namespace) => [
    namespace,
    JSON.parse(readFileSync(new URL(`../app/i18n/locales/en/${namespace}.json`, import.meta.url), 'utf8')) as Tree,
  ]),
);
/** The English text of `namespace:dotted.key`, without interpolation. */
function en(key: string): string {
  const [namespace = '', path = ''] = key.split(':');
  let node: string | Tree | undefined = english[namespace];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no English text for ${key}`);
  return node;
}

test('an owner promotes a listing by bank transfer; once approved it runs, is featured and has its receipt', async ({
  page,
  newAccount,
  moderator,
}) => {
  test.slow();
  const seller = await newAccount({ withListings: 1 });
  await seller.signIn(page);
  const [listing] = seller.listings;
  if (!listing) throw new Error('the seller has no listing');
  let paymentId = '';

  await test.step('the owner opens the listing and presses Promote', async () => {
    await page.goto(`/item/${encodeURIComponent(listing.item_name)}?lang=en`);
    await page
      .getByTestId('owner-actions')
      .getByRole('link', { name: en('items:item.owner.promote') })
      .click();
    await expect(page).toHaveURL(new RegExp(`/paid-items\\?item_id=${listing.id}`));
    await expect(page.getByRole('heading', { level: 1, name: en('payments:payments.promote.title') })).toBeVisible();
    await expect(page.getByTestId('promoted-listing')).toContainText(listing.title);
  });

  await test.step('picks 7 days and the bank transfer with its reference, and sends the request', async () => {
    const form = page.getByTestId('promote-form');
    await expect(form.getByTestId('package-1')).toContainText('1 day');
    await form.getByRole('radio', { name: /^7 days/ }).check();
    await expect(form.getByTestId('package-7')).toContainText('SAR 70.00');
    await form.getByRole('radio', { name: /Bank transfer/ }).check();
    await form.getByLabel(en('payments:payments.promote.reference')).fill('TRX-E2E-7');
    await form.getByRole('button', { name: en('payments:payments.promote.submitOffline') }).click();
  });

  await test.step('the request waits for the operator’s approval, with how to pay', async () => {
    const waiting = page.getByTestId('promotion-waiting');
    await expect(waiting.getByRole('heading', { name: en('payments:payments.started.offlineTitle') })).toBeVisible();
    await expect(waiting.getByTestId('amount-due')).toHaveText('SAR 70.00');
    await expect(waiting).toContainText('Transfer the amount to the marketplace account');
    await expect(waiting).toContainText('TRX-E2E-7');
    const receipt = await waiting.getByTestId('receipt-link').getAttribute('href');
    paymentId = receipt?.split('/').pop() ?? '';
    expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
  });

  const paidAd = page.getByTestId('paid-ad').filter({ hasText: listing.title });
  await test.step('the paid ad is in the owner’s list, waiting approval', async () => {
    await page.goto('/paid-items?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: en('payments:payments.paidAds.title') })).toBeVisible();
    await expect(paidAd.getByTestId('paid-ad-state')).toHaveText(en('payments:payments.adState.waiting_approval'));
    await expect(paidAd.getByTestId('paid-ad-total')).toHaveText('SAR 70.00');
    await expect(paidAd).toContainText('7 days');
    await expect(paidAd).toContainText(en('payments:payments.methods.offline'));
  });

  await test.step('the admin approves the payment; the promotion runs once the promotion job has moved it', async () => {
    const admin = await moderator();
    await dataOf(await admin.post(`/api/v1/admin/payments/${paymentId}/review`, { data: { decision: 'approve' } }));
    await expect(async () => {
      await page.reload();
      await expect(paidAd.getByTestId('paid-ad-state')).toHaveText(en('payments:payments.adState.in_progress'), {
        timeout: 2_000,
      });
    }).toPass({ timeout: 90_000 });
  });

  await test.step('the listing’s card among the paid items carries the Featured badge, and so does its page', async () => {
    await page.goto('/item-list?isPaid=only_paid_item&lang=en');
    const card = page.locator(`[data-testid="item-card"][data-item-id="${listing.id}"]`);
    await expect(card.getByTestId('featured-badge')).toHaveText(en('items:item.badge.featured'));
    await page.goto(`/item/${encodeURIComponent(listing.item_name)}?lang=en`);
    const heading = page.locator('header').filter({ has: page.locator('#item-title') });
    await expect(heading.getByTestId('featured-badge')).toBeVisible();
  });

  await test.step('the payment is listed, and its receipt shows the amount and that it is paid', async () => {
    await page.goto('/payments?lang=en');
    const row = page.locator(`[data-testid="payment-row"][data-payment-id="${paymentId}"]`);
    await expect(row.getByTestId('payment-amount')).toHaveText('SAR 70.00');
    await expect(row.getByTestId('payment-status')).toHaveText(en('payments:payments.paymentStatus.succeeded'));
    await row.getByRole('link', { name: en('payments:payments.purposes.promotion') }).click();
    await expect(page).toHaveURL(new RegExp(`/payments/${paymentId}$`));
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { level: 1, name: en('payments:payments.receipt.title') })).toBeVisible();
    await expect(receipt.getByTestId('receipt-amount')).toContainText('70.00');
    await expect(receipt).toContainText(paymentId);
    await expect(receipt).toContainText(listing.title);
    await expect(receipt).toContainText('Bank transfer');
    await expect(receipt).toContainText('TRX-E2E-7');
    await expect(receipt.getByTestId('payment-status')).toHaveText(en('payments:payments.paymentStatus.succeeded'));
    await expect(page.getByTestId('print-receipt')).toBeVisible();
  });

  await test.step('/paid-items and /payments, with their content, pass WCAG 2.1 A and AA checks', async () => {
    for (const path of ['/paid-items?lang=en', '/payments?lang=en', `/payments/${paymentId}?lang=ar`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect.soft(await violationsInBothThemes(page), path).toEqual([]);
    }
  });
});

test('a start in the past is refused beside the date field', async ({ page, newAccount }) => {
  const seller = await newAccount({ withListings: 1 });
  await seller.signIn(page);
  const [listing] = seller.listings;
  if (!listing) throw new Error('the seller has no listing');
  await page.goto(`/paid-items?item_id=${listing.id}&lang=en`);
  const form = page.getByTestId('promote-form');
  const start = form.getByLabel(en('payments:payments.promote.start'));
  await start.fill('2020-01-01T10:00');
  await form.getByRole('radio', { name: /Cash at our office/ }).check();
  await form.getByRole('button', { name: en('payments:payments.promote.submitOffline') }).click();
  await expect(form.getByText(en('forms:validation.promotionDate'))).toBeVisible();
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(start).toBeFocused();
  // Nothing was booked.
  await page.goto('/paid-items?lang=en');
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('promotion is the owner’s: a visitor signs in first, and another member’s listing is not found', async ({
  page,
  newAccount,
}) => {
  const owner = await newAccount({ withListings: 1 });
  const [listing] = owner.listings;
  if (!listing) throw new Error('the owner has no listing');
  await page.goto(`/paid-items?item_id=${listing.id}&lang=en`);
  await expect(page).toHaveURL(/\/login\?redirect=paid-items&query=item_id/);
  await page.goto('/payments?lang=en');
  await expect(page).toHaveURL(/\/login\?redirect=payments/);

  const other = await newAccount();
  await other.signIn(page);
  const answer = await page.goto(`/paid-items?item_id=${listing.id}&lang=en`);
  expect(answer?.status()).toBe(404);
  const receipt = await page.goto('/payments/00000000-0000-4000-8000-000000000000?lang=en');
  expect(receipt?.status()).toBe(404);
});

test('a paid promotion starts and ends on the promotion job’s clock: featured only in between', async ({
  page,
  newAccount,
  moderator,
}) => {
  test.slow();
  const seller = await newAccount({ withListings: 1 });
  const [listing] = seller.listings;
  if (!listing) throw new Error('the seller has no listing');
  const card = page.locator(`[data-testid="item-card"][data-item-id="${listing.id}"]`);
  const paidItems = async () => {
    await page.goto(`/item-list?isPaid=only_paid_item&search_term=${encodeURIComponent(listing.title)}&lang=en`);
  };
  const moveAd = (startDays: number, endDays: number) =>
    withDatabase((db) =>
      db.query(
        `update paid_ads set start_date = now() + make_interval(days => $2), end_date = now() + make_interval(days => $3)
         where item_id = $1`,
        [listing.id, startDays, endDays],
      ),
    );

  await test.step('a week booked from tomorrow and paid: not featured before its start', async () => {
    const options = await dataOf(await seller.request.get(`/api/v1/items/${listing.id}/promotion-options`));
    const booked = await dataOf(
      await seller.request.post('/api/v1/paid-items', {
        data: {
          item_id: listing.id,
          days: 7,
          start_date: new Date(Date.now() + 86_400_000).toISOString(),
          payment_method: 'offline',
          offline_payment_id: options.offline_methods[0].id,
          offline_reference: 'TRX-CLOCK',
        },
      }),
    );
    const admin = await moderator();
    await dataOf(
      await admin.post(`/api/v1/admin/payments/${booked.payment.payment.id}/review`, { data: { decision: 'approve' } }),
    );
    await runScheduledJobNow('promotions.advance');
    await paidItems();
    await expect(card).toHaveCount(0);
  });

  await test.step('its start comes (the clock moved): the job runs it, and the listing is featured', async () => {
    await moveAd(-1, 6);
    await runScheduledJobNow('promotions.advance');
    await expect(async () => {
      await paidItems();
      await expect(card.getByTestId('featured-badge')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  });

  await test.step('its end comes: the job ends it, and the listing drops back among the others', async () => {
    await moveAd(-8, -1);
    await runScheduledJobNow('promotions.advance');
    await expect(async () => {
      await paidItems();
      await expect(card).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await page.goto(`/item/${encodeURIComponent(listing.item_name)}?lang=en`);
    // The listing's own mark above its title (the rails below may hold other journeys' promoted listings).
    const heading = page.locator('header').filter({ has: page.locator('#item-title') });
    await expect(heading).toBeVisible();
    await expect(heading.getByTestId('featured-badge')).toHaveCount(0);
  });
});

import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { PAYSTACK_TEST_KEYS, RAZORPAY_TEST_KEYS } from './support/providers.ts';

/**
 * Issue 23, paying with a provider's own page or window (e2e/support/provider-server.ts: the local PayPal,
 * Paystack and Razorpay speak their APIs and sign their events as they do): the operator takes US dollars (PayPal
 * has no riyal, Paystack neither) and turns them on; an owner promotes a listing, approves on PayPal's page or
 * pays on Paystack's and comes back to the payment's receipt, or pays in Razorpay's window over the page; the
 * server settles the payment by asking the provider, and the promotion runs.
 * The site's currency changes every page's prices, so this runs after every other journey.
 */

type Tree = { [key: string]: string | Tree };
const payments = JSON.parse(
  readFileSync(new URL('../app/i18n/locales/en/payments.json', import.meta.url), 'utf8'),
) as Tree;
const text = (path: string) => {
  let node: string | Tree | undefined = payments;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no English text for payments:${path}`);
  return node;
};

// One worker for both: the settings they need are changed once, and put back once both are done.
test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
let before: Record<string, unknown>;

test.beforeAll(async ({ moderator }) => {
  admin = await moderator();
  before = await dataOf(await admin.get('/api/v1/admin/settings'));
  const takeDollars = {
    ...before,
    default_currency_short_form: 'USD',
    paypal_enabled: true,
    paystack_enabled: true,
    paystack_key: PAYSTACK_TEST_KEYS.publicKey,
    razor_enabled: true,
    razor_key: RAZORPAY_TEST_KEYS.keyId,
  };
  await dataOf(await admin.post('/api/v1/admin/settings', { data: takeDollars }));
});

test.afterAll(async () => {
  await dataOf(await admin.post('/api/v1/admin/settings', { data: before }));
});

for (const provider of [
  { name: 'PayPal', pay: 'Pay Now', host: /\/checkoutnow\?token=/ },
  { name: 'Paystack', pay: 'Pay', host: /\/checkout\// },
]) {
  test(`an owner promotes a listing paying on ${provider.name}’s page, and the promotion runs`, async ({
    page,
    newAccount,
  }) => {
    test.slow();
    const seller = await newAccount({ withListings: 1 });
    await seller.signIn(page);
    const [listing] = seller.listings;
    if (!listing) throw new Error('the seller has no listing');

    await test.step(`the owner chooses 7 days and ${provider.name}, and is taken to its page`, async () => {
      await page.goto(`/paid-items?item_id=${listing.id}&lang=en`);
      const form = page.getByTestId('promote-form');
      await form.getByRole('radio', { name: /^7 days/ }).check();
      await expect(form.getByTestId('package-7')).toContainText('$70.00');
      await form.getByRole('radio', { name: new RegExp(provider.name) }).check();
      await form.getByRole('button', { name: text('payments.promote.submitCard') }).click();
      await expect(page).toHaveURL(provider.host);
      await expect(page.getByText(/70\.00/).first()).toBeVisible();
    });

    await test.step('pays there and comes back to the receipt, paid', async () => {
      await page.getByRole('button', { name: provider.pay, exact: true }).click();
      await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}/);
      await expect(page.getByTestId('return-notice')).toHaveAttribute('data-outcome', 'paid');
      await expect(page.getByTestId('receipt')).toContainText(provider.name);
    });

    await test.step('the paid ad runs, and the listing is featured', async () => {
      const paidAd = page.getByTestId('paid-ad').filter({ hasText: listing.title });
      await expect(async () => {
        await page.goto('/paid-items?lang=en');
        await expect(paidAd.getByTestId('paid-ad-state')).toHaveText(text('payments.adState.in_progress'), {
          timeout: 2_000,
        });
      }).toPass({ timeout: 60_000 });
      await page.goto(`/item/${encodeURIComponent(listing.item_name)}?lang=en`);
      const heading = page.locator('header').filter({ has: page.locator('#item-title') });
      await expect(heading.getByTestId('featured-badge')).toBeVisible();
    });
  });
}

test('an owner promotes a listing paying in Razorpay’s window, and the promotion runs', async ({
  page,
  newAccount,
}) => {
  test.slow();
  const seller = await newAccount({ withListings: 1 });
  await seller.signIn(page);
  const [listing] = seller.listings;
  if (!listing) throw new Error('the seller has no listing');

  await test.step('the owner chooses 7 days and Razorpay; its window opens over the page', async () => {
    await page.goto(`/paid-items?item_id=${listing.id}&lang=en`);
    const form = page.getByTestId('promote-form');
    await form.getByRole('radio', { name: /^7 days/ }).check();
    await form.getByRole('radio', { name: /Razorpay/ }).check();
    await form.getByRole('button', { name: text('payments.promote.submitCard') }).click();
    await expect(page.getByTestId('razorpay-step')).toBeVisible();
  });

  await test.step('closing the window charges nothing and offers it again', async () => {
    const window = page.frameLocator('iframe[title="Razorpay Checkout"]');
    await window.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('razorpay-step').getByRole('alert')).toHaveText(text('payments.razorpay.closed'));
    await page.getByRole('button', { name: text('payments.razorpay.pay') }).click();
  });

  await test.step('pays in the window: the server checks Razorpay’s signature and asks Razorpay', async () => {
    const window = page.frameLocator('iframe[title="Razorpay Checkout"]');
    await window.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByTestId('payment-outcome')).toHaveAttribute('data-outcome', 'paid');
  });

  await test.step('the paid ad runs, and the listing is featured', async () => {
    const paidAd = page.getByTestId('paid-ad').filter({ hasText: listing.title });
    await expect(async () => {
      await page.goto('/paid-items?lang=en');
      await expect(paidAd.getByTestId('paid-ad-state')).toHaveText(text('payments.adState.in_progress'), {
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });
    await expect(paidAd).toContainText('Razorpay');
  });
});

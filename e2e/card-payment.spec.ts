import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { STRIPE_TEST_KEYS } from './support/stripe.ts';

/**
 * Issue 23, paying by card against the local Stripe (e2e/support/stripe-server.ts): the operator turns card
 * payment on, an owner promotes a listing by card in Stripe's own card fields; a declined card says so and
 * charges nothing; the owner leaves it for later and finishes paying from the payment's receipt, where a good
 * card pays; Stripe's signed event makes the server ask Stripe, and only then does the
 * promotion run and the listing carry the Featured badge. Card payment is on for every page while this runs,
 * so it runs with the site-wide journeys, after the others.
 */

type Tree = { [key: string]: string | Tree };
const text = (namespace: string, path: string) => {
  let node: string | Tree | undefined = JSON.parse(
    readFileSync(new URL(`../app/i18n/locales/en/${namespace}.json`, import.meta.url), 'utf8'),
  ) as Tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no English text for ${namespace}:${path}`);
  return node;
};

test('an owner pays a promotion by card: a declined card is refused, a good one pays and the promotion runs', async ({
  page,
  newAccount,
  moderator,
}) => {
  test.slow();
  const admin = await moderator();
  const before = await dataOf(await admin.get('/api/v1/admin/settings'));
  await dataOf(
    await admin.post('/api/v1/admin/settings', {
      data: { ...before, stripe_enabled: true, stripe_publishable_key: STRIPE_TEST_KEYS.publishableKey },
    }),
  );
  try {
    const seller = await newAccount({ withListings: 1 });
    await seller.signIn(page);
    const [listing] = seller.listings;
    if (!listing) throw new Error('the seller has no listing');

    await test.step('the owner chooses 7 days and the card', async () => {
      await page.goto(`/paid-items?item_id=${listing.id}&lang=en`);
      const form = page.getByTestId('promote-form');
      await form.getByRole('radio', { name: /^7 days/ }).check();
      await form.getByRole('radio', { name: new RegExp(text('payments', 'payments.promote.cardTitle')) }).check();
      await form.getByRole('button', { name: text('payments', 'payments.promote.submitCard') }).click();
    });

    const dialog = page.getByTestId('card-dialog');
    const card = dialog.frameLocator('iframe[title="Secure card payment input frame"]');
    await test.step('a declined card is refused in the dialog, in Stripe’s words', async () => {
      await card.getByLabel('Card number').fill('4000 0000 0000 0002');
      await card.getByLabel('Expiration date (MM/YY)').fill('12/34');
      await card.getByLabel('Security code (CVC)').fill('123');
      await dialog.getByRole('button', { name: /^Pay .*70\.00/ }).click();
      await expect(dialog.getByTestId('card-error')).toHaveText('Your card was declined.');
    });

    await test.step('the owner leaves it for later, and finds the unpaid payment with its receipt', async () => {
      await dialog.getByRole('button', { name: text('payments', 'payments.card.later') }).click();
      await page.goto('/payments?lang=en');
      await page.getByTestId('payment-row').first().getByRole('link').first().click();
      await expect(page.getByTestId('receipt')).toContainText(listing.title);
    });

    await test.step('finishing from the receipt, a good card pays: Successfully paid AD', async () => {
      const finish = page.getByTestId('finish-paying');
      await finish.getByRole('button', { name: text('payments', 'payments.started.payNow') }).click();
      await card.getByLabel('Card number').fill('4242 4242 4242 4242');
      await card.getByLabel('Expiration date (MM/YY)').fill('12/34');
      await card.getByLabel('Security code (CVC)').fill('123');
      await dialog.getByRole('button', { name: /^Pay .*70\.00/ }).click();
      await expect(page.getByTestId('payment-outcome')).toContainText(text('common', 'messages.promotionPaid'));
    });

    await test.step('once Stripe’s event is in, the promotion runs and the listing is featured', async () => {
      const paidAd = page.getByTestId('paid-ad').filter({ hasText: listing.title });
      await expect(async () => {
        await page.goto('/paid-items?lang=en');
        await expect(paidAd.getByTestId('paid-ad-state')).toHaveText(text('payments', 'payments.adState.in_progress'), {
          timeout: 2_000,
        });
      }).toPass({ timeout: 90_000 });
      await expect(paidAd).toContainText(text('payments', 'payments.methods.card'));
      await page.goto('/item-list?isPaid=only_paid_item&lang=en');
      const listed = page.locator(`[data-testid="item-card"][data-item-id="${listing.id}"]`);
      await expect(listed.getByTestId('featured-badge')).toBeVisible();
    });
  } finally {
    await dataOf(await admin.post('/api/v1/admin/settings', { data: before }));
  }
});

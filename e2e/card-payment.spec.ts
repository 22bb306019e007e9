import { readFileSync } from 'node:fs';
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { violationsInBothThemes } from './support/axe.ts';
import { STRIPE_TEST_KEYS } from './support/stripe.ts';

/**
 * Issue 23, paying by card against the local Stripe (e2e/support/stripe-server.ts): the operator turns card
 * payment on, an owner promotes a listing by card in Stripe's own card fields; a declined card says so and
 * charges nothing; the owner leaves it for later and finishes paying from the payment's receipt, where a good
 * card pays; Stripe's signed event makes the server ask Stripe, and only then does the
 * promotion run and the listing carry the Featured badge. Then saved cards: a card is added, replaced and pays in
 * one press. Card payment is on for every page while these run, so they run with the site-wide journeys, after
 * the others, one after the other (each turns it on and back off).
 */
test.describe.configure({ mode: 'default' });

/** Card payment on (with the journeys' Stripe keys) while `run` runs, then the settings as they were. */
async function withCardPayment(admin: APIRequestContext, run: () => Promise<void>) {
  const before = await dataOf(await admin.get('/api/v1/admin/settings'));
  await dataOf(
    await admin.post('/api/v1/admin/settings', {
      data: { ...before, stripe_enabled: true, stripe_publishable_key: STRIPE_TEST_KEYS.publishableKey },
    }),
  );
  try {
    await run();
  } finally {
    await dataOf(await admin.post('/api/v1/admin/settings', { data: before }));
  }
}

type Tree = { [key: string]: string | Tree };
const textIn = (language: string, namespace: string, path: string) => {
  let node: string | Tree | undefined = JSON.parse(
    readFileSync(new URL(`../app/i18n/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'),
  ) as Tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no ${language} text for ${namespace}:${path}`);
  return node;
};
const text = (namespace: string, path: string) => textIn('en', namespace, path);
const ar = (path: string) => textIn('ar', 'payments', path);

const CARD_FRAME = 'iframe[title="Secure card payment input frame"]';

/** Types a card in Stripe's fields (its own frame), expiring 12/34. */
async function fillCard(frame: FrameLocator, number: string) {
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date (MM/YY)').fill('12/34');
  await frame.getByLabel('Security code (CVC)').fill('123');
}

/** Promotes the listing for 7 days by card: the card dialog opens. */
async function promoteByCard(page: Page, listingId: string) {
  await page.goto(`/paid-items?item_id=${listingId}&lang=en`);
  const form = page.getByTestId('promote-form');
  await form.getByRole('radio', { name: /^7 days/ }).check();
  await form.getByRole('radio', { name: new RegExp(text('payments', 'payments.promote.cardTitle')) }).check();
  await form.getByRole('button', { name: text('payments', 'payments.promote.submitCard') }).click();
  return page.getByTestId('card-dialog');
}

test('an owner pays a promotion by card: a declined card is refused, a good one pays and the promotion runs', async ({
  page,
  newAccount,
  moderator,
}) => {
  test.slow();
  await withCardPayment(await moderator(), async () => {
    const seller = await newAccount({ withListings: 1 });
    await seller.signIn(page);
    const [listing] = seller.listings;
    if (!listing) throw new Error('the seller has no listing');

    const dialog = await test.step('the owner chooses 7 days and the card', () => promoteByCard(page, listing.id));
    const card = dialog.frameLocator(CARD_FRAME);
    await test.step('a declined card is refused in the dialog, in the page’s words', async () => {
      await fillCard(card, '4000 0000 0000 0002');
      await dialog.getByRole('button', { name: /^Pay .*70\.00/ }).click();
      await expect(dialog.getByTestId('card-error')).toHaveText(text('payments', 'payments.card.declined'));
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
      await fillCard(card, '4242 4242 4242 4242');
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
  });
});

test('an owner saves a card, replaces it, pays with it in one press, keeps another and removes one', async ({
  page,
  newAccount,
  moderator,
}) => {
  test.slow();
  await withCardPayment(await moderator(), async () => {
    const owner = await newAccount({ withListings: 2 });
    await owner.signIn(page);
    const [first, second] = owner.listings;
    if (!first || !second) throw new Error('the owner has no listings');
    const dialog = page.getByTestId('card-save-dialog');
    const cards = page.getByTestId('saved-card');
    const notice = (key: string) => page.getByRole('status').filter({ hasText: text('payments', key) });

    await test.step('the payments page leads to the saved cards: none yet', async () => {
      await page.goto('/payments?lang=en');
      await page.getByRole('link', { name: text('payments', 'payments.list.toCards') }).click();
      await expect(page.getByTestId('empty-state')).toContainText(text('payments', 'payments.cards.empty'));
    });

    await test.step('card entry says what is missing, then saves the card at Stripe', async () => {
      await page.getByRole('button', { name: text('payments', 'payments.cards.add') }).click();
      const save = dialog.getByRole('button', { name: text('payments', 'payments.cards.save') });
      await save.click();
      await expect(dialog.getByText('Name on card is required.')).toBeVisible();
      await expect(dialog.getByTestId('card-error')).toHaveText('Card number is required.');
      await fillCard(dialog.frameLocator(CARD_FRAME), '4242 4242 4242 4242');
      const owned = {
        'Name on card': 'Nora Saleh',
        Email: 'nora@souk.test',
        'Phone number': '+966 50 000 0001',
        Street: '12 King Fahd Road',
        'Apartment number': '4',
        City: 'Riyadh',
        State: 'Riyadh Province',
        'Zip code': '12211',
      };
      for (const [label, value] of Object.entries(owned)) await dialog.getByLabel(label, { exact: true }).fill(value);
      await save.click();
      await expect(notice('payments.cards.saved')).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText(/Visa ending in \W?4242/);
      await expect(cards).toContainText(/Expires \W?12\/34/);
    });

    await test.step('card update puts a new card with a new name in the old one’s place', async () => {
      await cards.getByRole('button', { name: /^Update/ }).click();
      await expect(dialog.getByTestId('replaced-card')).toContainText(/Visa ending in \W?4242/);
      await fillCard(dialog.frameLocator(CARD_FRAME), '5555 5555 5555 4444');
      await dialog.getByLabel(text('payments', 'payments.cards.newHolder')).fill('Nora S. Saleh');
      await dialog.getByRole('button', { name: text('payments', 'payments.cards.replace') }).click();
      await expect(notice('payments.cards.updated')).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText(/Mastercard ending in \W?4444/);
      await expect(cards).toContainText('Nora S. Saleh');
    });

    await test.step('the saved cards page and its card entry pass WCAG 2.1 A and AA checks in Arabic', async () => {
      await page.goto('/payment-cards?lang=ar');
      await expect(cards).toHaveCount(1);
      expect(await violationsInBothThemes(page)).toEqual([]);
      await page.getByRole('button', { name: ar('payments.cards.add') }).click();
      await expect(dialog.frameLocator(CARD_FRAME).getByLabel('رقم البطاقة')).toBeVisible();
      expect(await violationsInBothThemes(page)).toEqual([]);
    });

    await test.step('the saved card pays a promotion in one press', async () => {
      const payment = await promoteByCard(page, first.id);
      await expect(payment.getByRole('radio', { name: /Mastercard ending in \W?4444/ })).toBeChecked();
      await payment.getByRole('button', { name: /^Pay .*70\.00/ }).click();
      await expect(page.getByTestId('payment-outcome')).toContainText(text('common', 'messages.promotionPaid'));
    });

    await test.step('a new card is kept for next time when the owner asks', async () => {
      const payment = await promoteByCard(page, second.id);
      await payment.getByRole('radio', { name: text('payments', 'payments.cards.newCard') }).check();
      await fillCard(payment.frameLocator(CARD_FRAME), '4242 4242 4242 4242');
      await payment.getByRole('checkbox', { name: text('payments', 'payments.cards.keep') }).check();
      await payment.getByRole('button', { name: /^Pay .*70\.00/ }).click();
      await expect(page.getByTestId('payment-outcome')).toContainText(text('common', 'messages.promotionPaid'));
      await page.goto('/payment-cards?lang=en');
      await expect(cards).toHaveCount(2);
    });

    await test.step('a card is removed after the question', async () => {
      await cards
        .filter({ hasText: /Visa/ })
        .getByRole('button', { name: /^Remove/ })
        .click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: text('payments', 'payments.cards.remove') })
        .click();
      await expect(notice('payments.cards.removed')).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText(/Mastercard/);
    });
  });
});

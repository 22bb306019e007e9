import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { violationsInBothThemes } from './support/axe.ts';

/**
 * Issue 23, membership (SPEC.md 1, 3, 7 "membership add"): a member buys the membership by bank transfer with a
 * reference; it waits for approval until an admin approves the payment, then the profile carries the member
 * badge and "Member until", for its owner and for others, and the membership page shows it with its receipt. The
 * demo's membership is 49 SAR for 30 days; its offline methods are a bank transfer and cash at the office.
 */

type Tree = { [key: string]: string | Tree };
const english = Object.fromEntries(
  ['payments', 'profile', 'common'].map((namespace) => [
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
/** The English text before its first placeholder ("Member until "). */
const lead = (key: string) => en(key).split('{{')[0] ?? '';

test('a member buys the membership by bank transfer; once approved the profile carries the badge', async ({
  page,
  newAccount,
  moderator,
}) => {
  test.slow();
  const buyer = await newAccount();
  await buyer.signIn(page);
  let paymentId = '';

  await test.step('the profile offers the membership; the avatar menu leads to it too', async () => {
    await page.goto('/profile?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('member-badge')).toHaveCount(0);
    await page
      .getByTestId('own-membership')
      .getByRole('link', { name: en('profile:profile.becomeMember') })
      .click();
    await expect(page).toHaveURL(/\/membership$/);
    await expect(page.getByRole('heading', { level: 1, name: en('payments:payments.membership.title') })).toBeVisible();
  });

  await test.step('the plan shows its price, its days and the badge; there is no membership yet', async () => {
    const plan = page.getByTestId('membership-plan');
    await expect(plan.getByTestId('membership-price')).toHaveText('SAR 49.00');
    await expect(plan.getByTestId('membership-days')).toHaveText('for 30 days');
    await expect(plan.getByTestId('member-badge')).toHaveText(en('payments:payments.membership.badge'));
    await expect(page.getByTestId('current-membership')).toHaveCount(0);
    await expect(page.getByTestId('membership-history-empty')).toBeVisible();
  });

  await test.step('picks the bank transfer with its reference and sends the request', async () => {
    const form = page.getByTestId('membership-form');
    await expect(form.getByTestId('membership-total')).toContainText('SAR 49.00');
    await form.getByRole('radio', { name: /Bank transfer/ }).check();
    await form.getByLabel(en('payments:payments.promote.reference')).fill('TRX-MEMBER-1');
    await form.getByRole('button', { name: en('payments:payments.membership.submitOffline') }).click();
  });

  await test.step('the membership waits for the operator’s approval, with how to pay', async () => {
    const waiting = page.getByTestId('membership-waiting');
    await expect(waiting.getByRole('heading', { name: en('payments:payments.membership.offlineTitle') })).toBeVisible();
    await expect(waiting.getByRole('heading', { name: en('payments:payments.membership.offlineTitle') })).toBeFocused();
    await expect(waiting.getByTestId('amount-due')).toHaveText('SAR 49.00');
    await expect(waiting).toContainText('Transfer the amount to the marketplace account');
    await expect(waiting).toContainText('TRX-MEMBER-1');
    const receipt = await waiting.getByTestId('receipt-link').getAttribute('href');
    paymentId = receipt?.split('/').pop() ?? '';
    expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
    const row = page.getByTestId('membership-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('membership-state')).toHaveText(en('payments:payments.membership.state.pending'));
    await expect(row.getByTestId('membership-amount')).toHaveText('SAR 49.00');
    await expect(row).toContainText(en('payments:payments.membership.startsOnceConfirmed'));
  });

  await test.step('the admin approves the payment; the profile carries the badge once the membership has started', async () => {
    const admin = await moderator();
    await dataOf(await admin.post(`/api/v1/admin/payments/${paymentId}/review`, { data: { decision: 'approve' } }));
    await expect(async () => {
      await page.goto('/profile?lang=en');
      await expect(page.getByRole('heading', { level: 1 }).getByTestId('member-badge')).toHaveText(
        en('profile:profile.member'),
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 90_000 });
    const own = page.getByTestId('own-membership');
    await expect(own.getByTestId('member-until')).toContainText(lead('profile:profile.memberUntil'));
    await expect(own.getByRole('link', { name: en('profile:profile.extendMembership') })).toHaveAttribute(
      'href',
      '/membership',
    );
  });

  await test.step('the membership page shows it running, until when, and its receipt', async () => {
    await page.goto('/membership?lang=en');
    await expect(page.getByTestId('current-membership').getByTestId('member-until')).toContainText(
      lead('payments:payments.membership.memberUntil'),
    );
    await expect(
      page.getByRole('heading', { level: 2, name: en('payments:payments.membership.extendTitle') }),
    ).toBeVisible();
    const row = page.getByTestId('membership-row');
    await expect(row.getByTestId('membership-state')).toHaveText(en('payments:payments.membership.state.active'));
    await expect(row).toContainText('30 days');
    await row.getByTestId('membership-receipt').click();
    await expect(page).toHaveURL(new RegExp(`/payments/${paymentId}$`));
    const receipt = page.getByTestId('receipt');
    await expect(receipt).toContainText(en('payments:payments.purposes.membership'));
    await expect(receipt).toContainText('TRX-MEMBER-1');
    await expect(receipt.getByTestId('payment-status')).toHaveText(en('payments:payments.paymentStatus.succeeded'));
  });

  await test.step('others see the member badge beside the name, without the owner’s links', async () => {
    const visitor = await newAccount();
    const other = await page.context().browser()?.newPage();
    if (!other) throw new Error('no browser');
    await visitor.signIn(other);
    // Profiles others read may come from a cache of a few seconds: read again until the badge is there.
    await expect(async () => {
      await other.goto(`/other-profile/${buyer.id}?lang=en`);
      await expect(other.getByRole('heading', { level: 1 }).getByTestId('member-badge')).toHaveText(
        en('profile:profile.member'),
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 60_000 });
    await expect(other.getByTestId('own-membership')).toHaveCount(0);
    await other.close();
  });

  await test.step('/membership, with a membership and its history, passes WCAG 2.1 A and AA checks', async () => {
    for (const language of ['ar', 'en']) {
      await page.goto(`/membership?lang=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect.soft(await violationsInBothThemes(page), language).toEqual([]);
    }
  });
});

test('the membership is the signed-in person’s: a visitor signs in first and comes back', async ({
  page,
  newAccount,
}) => {
  await page.goto('/membership?lang=en');
  await expect(page).toHaveURL(/\/login\?redirect=membership/);
  const account = await newAccount();
  await account.signIn(page);
  await page.goto('/?lang=en');
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: en('common:nav.membership') }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByTestId('membership-form')).toBeVisible();
});

test('the membership form works without JavaScript and refuses an unknown coupon beside its field', async ({
  browser,
  newAccount,
}) => {
  const account = await newAccount();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await account.signIn(page);
  await page.goto('/membership?lang=en');
  const form = page.getByTestId('membership-form');
  const coupon = form.getByLabel(en('payments:payments.membership.coupon'));
  await form.getByRole('radio', { name: /Cash at our office/ }).check();
  await form.getByLabel(en('payments:payments.promote.reference')).fill('NOJS-1');
  await coupon.fill('NOPE-2026');
  await form.getByRole('button', { name: en('payments:payments.membership.submit') }).click();
  await expect(form.getByText(en('payments:payments.refusals.couponUnknown'))).toBeVisible();
  await expect(coupon).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('radio', { name: /Cash at our office/ })).toBeChecked();
  await coupon.fill('');
  await form.getByRole('button', { name: en('payments:payments.membership.submit') }).click();
  await expect(page.getByTestId('membership-waiting')).toContainText('NOJS-1');
  await expect(page.getByTestId('membership-row')).toHaveCount(1);
  await context.close();
});

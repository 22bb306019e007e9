import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { violationsInBothThemes } from './support/axe.ts';

/**
 * Issue 12, in real time with two browsers: a buyer opens the chat from an item, sends a text and a photo and
 * makes an offer; the seller sees each live, accepts after the yes/no question and marks the item sold; the
 * buyer sees it bought; both review each other and the review list shows the breakdown. A buyer whose page
 * goes offline for a while loses and duplicates nothing.
 */

type Tree = { [key: string]: string | Tree };
const english = Object.fromEntries(
  ['chat', 'common', 'items', 'profile'].map((namespace) => [
    namespace,
    JSON.parse(readFileSync(new URL(`../app/i18n/locales/en/${namespace}.json`, import.meta.url), 'utf8')) as Tree,
  ]),
);
function en(key: string, values: Record<string, string> = {}): string {
  const [namespace = '', path = ''] = key.split(':');
  let node: string | Tree | undefined = english[namespace];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no English text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

const messages = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

async function sendText(page: Page, text: string) {
  const field = page.getByRole('textbox', { name: en('chat:chat.messageLabel') });
  await field.fill(text);
  await field.press('Enter');
}

test('buyer and seller chat, agree on a price, close the sale and review each other, live', async ({ newAccount }) => {
  test.slow();
  const [sellerAccount, buyerAccount] = await Promise.all([newAccount(), newAccount()]);
  const [item, seller, buyer] = await Promise.all([
    sellerAccount.postListing({ status: 'active' }),
    sellerAccount.newPage(),
    buyerAccount.newPage(),
  ]);

  await test.step('the seller waits on the chat list; the buyer opens the chat from the item page', async () => {
    await seller.goto('/chat-list?lang=en');
    await hydrated(seller);
    await buyer.goto(`/item/${encodeURIComponent(item.item_name)}?lang=en`);
    await buyer
      .getByTestId('buyer-actions')
      .getByRole('link', { name: en('items:item.actions.chat') })
      .click();
    await expect(buyer).toHaveURL(/\/chat\?item_id=/);
    await expect(buyer.getByTestId('chat-item')).toContainText(item.title);
    await hydrated(buyer);
  });

  await test.step('a text reaches the seller’s list live, with the unread badge', async () => {
    await sendText(buyer, 'Hello, is it still available?');
    await expect(messages(buyer, 'Hello, is it still available?')).toHaveCount(1);
    const row = seller.getByTestId('chat-row').filter({ hasText: item.title });
    await expect(row).toContainText('Hello, is it still available?');
    await expect(row.getByTestId('chat-unread')).toBeVisible();
    await expect(seller.getByTestId('unread-badge').first()).toBeVisible();
    await row.getByRole('link').click();
    await expect(seller).toHaveURL(/\/chat\?item_id=/);
    await hydrated(seller);
    await expect(messages(seller, 'Hello, is it still available?')).toHaveCount(1);
    await expect(seller.getByTestId('unread-badge')).toHaveCount(0);
  });

  await test.step('a photo goes through with its progress, and shows on both sides', async () => {
    await buyer
      .getByTestId('photo-input')
      .setInputFiles({ name: 'the-dent.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expect(buyer.locator('[data-testid="chat-message"][data-type="1"] img')).toHaveCount(1);
    await expect(seller.locator('[data-testid="chat-message"][data-type="1"] img')).toHaveCount(1);
  });

  await test.step('the buyer offers; the seller sees it live and accepts after the question', async () => {
    await buyer.getByTestId('make-offer').click();
    const dialog = buyer.getByRole('dialog', { name: en('chat:chat.makeOfferTitle') });
    await dialog.getByRole('textbox').fill('abc');
    await dialog.getByRole('button', { name: en('chat:chat.sendOffer') }).click();
    await expect(dialog.locator('[aria-invalid="true"]')).toBeVisible();
    await dialog.getByRole('textbox').fill('150');
    await dialog.getByRole('button', { name: en('chat:chat.sendOffer') }).click();
    await expect(buyer.getByTestId('offer-card')).toContainText(en('chat:chat.offerAwaitsSeller'));

    const offer = seller.getByTestId('offer-card');
    await expect(offer).toContainText('150');
    await offer.getByRole('button', { name: en('chat:chat.accept') }).click();
    const question = seller.getByRole('alertdialog');
    await expect(question).toContainText(en('chat:chat.acceptTitle'));
    await question.getByRole('button', { name: en('common:dialog.yes') }).click();
    await expect(offer).toContainText(en('chat:chat.offerAccepted'));
    await expect(buyer.getByTestId('offer-card')).toContainText(en('chat:chat.offerAccepted'));
    await expect(buyer.getByTestId('make-offer')).toHaveCount(0);
  });

  await test.step('offline for a while: nothing is lost and nothing comes twice', async () => {
    await buyer.context().setOffline(true);
    await expect(buyer.getByTestId('chat-offline')).toBeVisible();
    await sendText(buyer, 'Sent while offline');
    await expect(buyer.getByTestId('pending-message')).toContainText('Sent while offline');
    await sendText(seller, 'Can you come on Saturday?');
    await expect(messages(seller, 'Can you come on Saturday?')).toHaveCount(1);
    await buyer.context().setOffline(false);
    await expect(buyer.getByTestId('chat-offline')).toBeHidden();
    await expect(messages(buyer, 'Can you come on Saturday?')).toHaveCount(1);
    await expect(messages(buyer, 'Sent while offline')).toHaveCount(1);
    await expect(buyer.getByTestId('pending-message')).toHaveCount(0);
    await expect(messages(seller, 'Sent while offline')).toHaveCount(1);
    await buyer.reload();
    await expect(messages(buyer, 'Sent while offline')).toHaveCount(1);
    // The reloaded page is live again once its socket has answered who is online: only then can it hear the sale.
    await expect(buyer.getByTestId('presence')).toHaveText(en('chat:chat.online'));
  });

  await test.step('the seller marks it sold; the buyer sees it bought', async () => {
    await seller.getByTestId('mark-sold').click();
    await seller
      .getByRole('alertdialog')
      .getByRole('button', { name: en('common:dialog.yes') })
      .click();
    await expect(seller.getByTestId('bought-card')).toBeVisible();
    await expect(buyer.getByTestId('bought-card')).toBeVisible();
    await expect(buyer.getByTestId('chat-item-status')).toHaveText(en('chat:chat.statusBought'));
  });

  await test.step('both review each other; the review list shows the breakdown', async () => {
    for (const [page, stars, title] of [
      [buyer, 4, 'Fair seller'],
      [seller, 5, 'Great buyer'],
    ] as const) {
      const form = page.getByRole('dialog');
      // The button can be drawn again by a live update just as it is pressed: press until the form opens.
      await expect(async () => {
        if (!(await form.isVisible())) await page.getByTestId('review-button').click();
        await expect(form.getByRole('button', { name: en('chat:reviews.send') })).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      await form.getByRole('button', { name: en('chat:reviews.send') }).click();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
      const starsText = en('chat:reviews.starsValue_other', { count: String(stars) });
      await form.locator('label', { hasText: starsText }).click();
      await expect(form.getByRole('radio', { name: starsText })).toBeChecked();
      await form.getByRole('textbox', { name: en('chat:reviews.title') }).fill(title);
      await form.getByRole('textbox', { name: en('chat:reviews.message') }).fill('On time and as described.');
      await form.getByRole('button', { name: en('chat:reviews.send') }).click();
      const sent = page.getByRole('dialog').filter({ hasText: en('chat:reviews.sent') });
      await expect(sent).toBeVisible();
      await sent.getByRole('button', { name: en('common:dialog.ok') }).click();
    }
    await buyer.goto(`/review-list?user_id=${sellerAccount.id}&lang=en`);
    await expect(buyer.getByTestId('rating-breakdown')).toBeVisible();
    await expect(buyer.getByTestId('review').filter({ hasText: 'Fair seller' })).toHaveCount(1);
    await expect(buyer.getByTestId('rating-breakdown')).toContainText('%');
  });

  await test.step('the offer list has it, received and sent', async () => {
    await seller.goto('/offer-list?tab=received&lang=en');
    await expect(seller.getByTestId('offer-row').filter({ hasText: item.title })).toContainText(
      en('chat:offers.accepted'),
    );
    await buyer.goto('/offer-list?tab=sent&lang=en');
    await expect(buyer.getByTestId('offer-row').filter({ hasText: item.title })).toBeVisible();
  });

  await test.step('the chat pages pass axe (WCAG 2.1 A and AA), light and dark', async () => {
    for (const path of [
      '/chat-list?lang=en',
      '/offer-list?lang=ar',
      `/review-list?user_id=${sellerAccount.id}&lang=ar`,
    ]) {
      await buyer.goto(path);
      await expectAccessible(buyer, path);
    }
    await buyer.goBack();
  });
});

async function expectAccessible(page: Page, path: string) {
  await expect(page.locator('main')).toBeVisible();
  expect.soft(await violationsInBothThemes(page), path).toEqual([]);
}

import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dataOf } from './support/accounts.ts';

/**
 * Issue 22 point 10, as a buyer meets it: /chat-list opens on the tab that has their conversations (a buyer has
 * none from buyers), and English text in an Arabic chat, in the conversation and in the list's preview, runs
 * left to right on its own while the page stays right to left.
 */

async function say(client: APIRequestContext, chatId: number | string, message: string) {
  await dataOf(await client.post(`/api/v1/chats/${chatId}/messages`, { data: { client_id: randomUUID(), message } }));
}

const ENGLISH = 'Hello, is the lamp still available?';
const ARABIC = 'نعم، ما زال متوفرًا.';

test('a buyer’s chat list opens on their conversations, and English in an Arabic chat runs left to right', async ({
  page,
  newAccount,
  freshUser: buyer,
}) => {
  const seller = await newAccount();
  const listing = await seller.postListing({ status: 'active', title: 'Chat fixes lamp' });
  const key = { item_id: listing.id, buyer_user_id: buyer.id, seller_user_id: seller.id };
  const { chat } = await dataOf(await buyer.request.post('/api/v1/chats', { data: key }));
  await say(buyer.request, chat.id, ENGLISH);
  await say(seller.request, chat.id, ARABIC);

  await test.step('the chat list opens on “from sellers”, where the conversation is', async () => {
    await page.goto('/chat-list?lang=ar');
    await expect(page.locator('a[aria-current="page"][href*="tab="]')).toHaveAttribute('href', /tab=from-sellers/);
    await expect(page.getByTestId('chat-row')).toHaveCount(1);
    // The other tab still works when asked for: this buyer has nobody buying from them.
    await page.goto('/chat-list?lang=ar&tab=from-buyers');
    await expect(page.getByTestId('empty-state')).toBeVisible();
  });

  await test.step('the preview of the last message takes its own direction', async () => {
    await page.goto('/chat-list?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const preview = page.getByTestId('chat-row').getByText(ARABIC);
    await expect(preview).toHaveAttribute('dir', 'auto');
    await expect.poll(() => preview.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  });

  await test.step('in the conversation, the English message runs left to right, the Arabic one right to left', async () => {
    await page.getByTestId('chat-row').getByRole('link').click();
    const english = page.getByTestId('message-text').filter({ hasText: ENGLISH });
    const arabic = page.getByTestId('message-text').filter({ hasText: ARABIC });
    await expect(english).toBeVisible();
    await expect.poll(() => english.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    await expect.poll(() => arabic.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await expect(page.getByRole('log').getByRole('listitem')).toHaveCount(3);
  });

  await test.step('an English preview in the Arabic list runs left to right', async () => {
    await say(buyer.request, chat.id, ENGLISH);
    await page.goto('/chat-list?lang=ar');
    const preview = page.getByTestId('chat-row').getByText(ENGLISH);
    await expect.poll(() => preview.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  });
});

import { expect, test } from './fixtures.ts';

/** The reader in Tokyo: dates are shown in their zone, and hydration agrees with the server's HTML. */
test.use({ timezoneId: 'Asia/Tokyo' });

/** month-day-year hour:minute (SPEC.md 9) as a clock in `timeZone` shows `date`: the test's own oracle. */
function wallClock(date: Date, timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.month}-${part.day}-${part.year} ${part.hour}:${part.minute}`;
}

test('a blog post shows its date in the reader time zone, first visit and after, with no hydration error', async ({
  page,
  context,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const list = await (await page.request.get('/api/v1/blogs?lang=en&limit=1')).json();
  const blog = list.data.items[0] as { id: number; added_date: string };
  const tokyo = wallClock(new Date(blog.added_date), 'Asia/Tokyo');
  const utc = wallClock(new Date(blog.added_date), 'UTC');

  // First visit: the server does not know the zone yet and sends UTC; once hydrated, the page shows Tokyo time.
  const first = await page.goto(`/blog/${blog.id}?lang=en`);
  expect(await first?.text()).toContain(utc);
  await expect(page.getByText(`Published ${tokyo}`)).toBeVisible();
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'souk_tz')?.value)
    .toBe(encodeURIComponent('Asia/Tokyo'));

  // Told once, the server renders the next pages in Tokyo time itself.
  const next = await page.reload();
  expect(await next?.text()).toContain(tokyo);
  await expect(page.getByText(`Published ${tokyo}`)).toBeVisible();
  // Blog cards on the dashboard too, and a client-side navigation keeps the zone.
  await page.goto('/blog?lang=en');
  await expect(page.getByText(`Published ${tokyo}`).first()).toBeVisible();

  expect(problems).toEqual([]);
});

import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blogs, users } from '../db/schema/index.ts';
import { buildWebAppIfNeeded } from '../testing/process.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** Dates on pages are in the reader's time zone, told by the browser in a cookie (souk_tz), UTC until then. */
buildWebAppIfNeeded();

const ctx = useTestApp({ web: true });

/** The spec's month-day-year hour:minute of `date` as a clock in `timeZone` shows it (the test's own oracle). */
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

/** The page as shown, without its scripts (loader data carries the raw dates). */
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');

async function newestBlog() {
  const [blog] = await ctx.database.db
    .select({ id: blogs.id, addedDate: blogs.addedDate })
    .from(blogs)
    .where(eq(blogs.status, 1))
    .orderBy(desc(blogs.addedDate))
    .limit(1);
  if (!blog) throw new Error('no blog seeded');
  return blog;
}

describe('dates on pages', () => {
  it('a blog post shows its date in the time zone the browser told', async () => {
    const blog = await newestBlog();
    const page = await ctx.app.inject({ url: `/blog/${blog.id}?lang=en`, headers: { cookie: 'souk_tz=Asia/Tokyo' } });
    expect(page.statusCode).toBe(200);
    expect(shown(page.body)).toContain(
      `<bdi dir="ltr" class="whitespace-nowrap">${wallClock(blog.addedDate, 'Asia/Tokyo')}</bdi>`,
    );
    expect(shown(page.body)).not.toContain(wallClock(blog.addedDate, 'UTC'));
  });

  it('without a time zone, or with one that does not exist, dates are in UTC', async () => {
    const blog = await newestBlog();
    for (const cookie of ['', 'souk_tz=Mars%2FOlympus_Mons', 'souk_tz=%E0%A4%A']) {
      const page = await ctx.app.inject({ url: `/blog/${blog.id}?lang=en`, headers: { cookie } });
      expect(page.statusCode, cookie).toBe(200);
      expect(shown(page.body), cookie).toContain(wallClock(blog.addedDate, 'UTC'));
    }
  });

  it('an Arabic page keeps the shifted date left to right, in one piece', async () => {
    const blog = await newestBlog();
    const page = await ctx.app.inject({
      url: `/blog/${blog.id}?lang=ar`,
      headers: { cookie: 'souk_tz=America/New_York' },
    });
    expect(shown(page.body)).toContain(
      `<bdi dir="ltr" class="whitespace-nowrap">${wallClock(blog.addedDate, 'America/New_York')}</bdi>`,
    );
  });

  it('the public profile shows the joined date in the reader time zone', async () => {
    const [user] = await ctx.database.db
      .select({ addedDate: users.addedDate })
      .from(users)
      .where(eq(users.id, 'demo-user-02'));
    const page = await ctx.app.inject({
      url: '/other-profile/demo-user-02?lang=en',
      headers: { cookie: 'souk_tz=Pacific/Auckland' },
    });
    expect(page.statusCode).toBe(200);
    expect(shown(page.body)).toContain(wallClock(user?.addedDate ?? new Date(0), 'Pacific/Auckland'));
  });
});

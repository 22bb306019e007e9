import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, itemLocations, users } from '../db/schema/index.ts';
import { signInDemoUser } from '../testing/app.ts';
import { buildWebAppIfNeeded } from '../testing/process.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** Two page forms that dropped what they should keep: the contact form's sender, the profile's city choices. */
buildWebAppIfNeeded();
const SITE = 'http://localhost:3000';

const ctx = useTestApp({ web: true });

const pagePost = (url: string, cookie: string, form: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      host: 'localhost:3000',
      origin: SITE,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
      cookie,
    },
    payload: new URLSearchParams(form).toString(),
  });

describe('the contact form', () => {
  it('keeps the signed-in sender with the message, and offers their name and address', async () => {
    const { cookie } = await signInDemoUser(ctx.app, 'user07@souk.test');
    const [account] = await ctx.database.db
      .select({ name: users.userName, email: users.userEmail })
      .from(users)
      .where(eq(users.id, 'demo-user-07'));
    const page = await ctx.app.inject({ url: '/contact?lang=en', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${account?.email}"`);

    const sent = await pagePost('/contact?lang=en', cookie, {
      name: account?.name ?? '',
      email: account?.email ?? '',
      phone: '0501234567',
      country: 'SA',
      message: 'Where do I see the offers I made?',
    });
    expect(sent.statusCode).toBe(200);
    const [message] = await ctx.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(message).toMatchObject({
      userId: 'demo-user-07',
      name: account?.name,
      email: account?.email,
      message: 'Where do I see the offers I made?',
    });
  });

  it('a visitor message has no account', async () => {
    const sent = await pagePost('/contact?lang=en', '', {
      name: 'Visitor',
      email: 'visitor@example.com',
      phone: '0501234567',
      country: 'SA',
      message: 'Hello from a visitor',
    });
    expect(sent.statusCode).toBe(200);
    const [message] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'visitor@example.com'));
    expect(message?.userId).toBeNull();
  });
});

describe('the profile city', () => {
  it('offers every city, so city number 201 and later can be chosen', async () => {
    const extra = Array.from({ length: 220 }, (_, index) => ({
      name: `Test City ${String(index + 1).padStart(3, '0')}`,
      lat: 24,
      lng: 46,
      ordering: 1000 + index,
    }));
    const inserted = await ctx.database.db.insert(itemLocations).values(extra).returning({ id: itemLocations.id });
    const late = inserted.at(-1)?.id ?? 0;
    const { cookie } = await signInDemoUser(ctx.app, 'user08@souk.test');

    const page = await ctx.app.inject({ url: '/edit-profile?lang=en', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<option value="${late}">Test City 220</option>`);

    const saved = await pagePost('/edit-profile?lang=en', cookie, { user_name: 'Demo Eight', city: String(late) });
    expect(saved.statusCode).toBe(302);
    const [user] = await ctx.database.db.select({ city: users.cityId }).from(users).where(eq(users.id, 'demo-user-08'));
    expect(user?.city).toBe(late);
  });
});

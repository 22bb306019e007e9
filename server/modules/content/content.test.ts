import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app.ts';

const ctx = useTestApp();

const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
};

const contactCount = async () =>
  (await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages`)).rows[0]?.n;

describe('content pages', () => {
  it('serves about, privacy and safety in the asked language', async () => {
    for (const kind of ['about', 'privacy', 'safety']) {
      const english = await get(`/api/v1/pages/${kind}?lang=en`);
      expect(english.status).toBe(200);
      expect(english.body.data).toMatchObject({
        kind,
        lang: 'en',
        title: expect.any(String),
        body: expect.any(String),
      });
      expect((await get(`/api/v1/pages/${kind}?lang=ar`)).body.data.lang).toBe('ar');
    }
  });

  it('falls back to English for a language the operator has not written', async () => {
    // The defaults come in all 16 languages; an operator may remove one.
    await ctx.database.db.execute(sql`delete from content_pages where kind = 'privacy' and lang = 'de'`);
    const german = await get('/api/v1/pages/privacy?lang=de');
    expect(german.body.data.lang).toBe('en');
    expect(german.body.data.updated_date_str).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  });

  it('rejects an unknown page kind', async () => {
    expect((await get('/api/v1/pages/secrets?lang=en')).status).toBe(400);
  });
});

describe('blog', () => {
  it('lists posts newest first, 30 a page, in the asked language', async () => {
    const english = await get('/api/v1/blogs?lang=en');
    expect(english.status).toBe(200);
    expect(english.body.data.limit).toBe(30);
    const posts = english.body.data.items;
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const dates = posts.map((post: { added_date: string }) => post.added_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const arabic = (await get('/api/v1/blogs?lang=ar')).body.data.items;
    expect(arabic[0].name).not.toBe(posts[0].name);
  });

  it('searches titles and bodies in any language', async () => {
    const [post] = (await get('/api/v1/blogs?lang=ar')).body.data.items;
    const word = post.name.split(' ')[1];
    const found = await get(`/api/v1/blogs?lang=ar&searchterm=${encodeURIComponent(word)}`);
    expect(found.body.data.items.map((item: { id: number }) => item.id)).toContain(post.id);
    expect((await get('/api/v1/blogs?searchterm=qqqzzzxx')).body.data.items).toEqual([]);
  });

  it('answers one post, and 404 for an unknown one', async () => {
    const [post] = (await get('/api/v1/blogs?lang=en')).body.data.items;
    expect((await get(`/api/v1/blogs/${post.id}?lang=en`)).body.data).toEqual(post);
    expect(await get('/api/v1/blogs/999999?lang=en')).toEqual({
      status: 404,
      body: { code: 404, status: 'error', message: 'This blog post does not exist.', data: null },
    });
  });
});

describe('POST /api/v1/contact', () => {
  const message = { name: 'Layla Karim', email: 'layla@example.com', phone: '+966500000000', message: 'Hello!' };
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/contact?lang=en', payload: body as object, headers });

  it('stores a valid message and answers with a translated confirmation', async () => {
    const before = await contactCount();
    const response = await post(message, { 'x-forwarded-for': '10.0.0.1' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Your message has been sent. We will get back to you soon.');
    expect(await contactCount()).toBe((before ?? 0) + 1);
  });

  it('refuses bad input with the field named in a translated message, storing nothing', async () => {
    const before = await contactCount();
    const missing = await post({ ...message, phone: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Phone number is required.');
    const badEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact?lang=ar',
      payload: { ...message, email: 'not-an-email' },
    });
    expect(badEmail.json().message).toBe('صيغة بريدك الإلكتروني غير صحيحة.');
    expect((await post({ ...message, message: 'x'.repeat(6000) })).json().message).toBe('Message is too long.');
    expect((await post('not json', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect(await contactCount()).toBe(before);
  });

  it('accepts five messages from one address in ten minutes, then refuses', async () => {
    let refused = await post(message);
    for (let attempt = 0; attempt < 10 && refused.statusCode === 201; attempt++) refused = await post(message);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many requests. Please wait a moment and try again.');
    expect(await contactCount()).toBe(5);
  });

  it('reads a local phone number in the picked country and stores it in E.164; refuses one that is not real', async () => {
    const fromElsewhere = (body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/contact?lang=en', payload: body, remoteAddress: '203.0.113.7' });
    const email = 'local-number@example.com';
    expect((await fromElsewhere({ ...message, email, phone: '050 123 4567', country: 'SA' })).statusCode).toBe(201);
    const stored = await ctx.database.db.execute<{ phone: string }>(
      sql`select phone from contact_messages where email = ${email}`,
    );
    expect(stored.rows.map((row) => row.phone)).toEqual(['+966501234567']);

    const before = await contactCount();
    for (const phone of [
      { phone: '0501234567' },
      { phone: '12345', country: 'SA' },
      { phone: '0501234567', country: 'sa' },
    ]) {
      const refused = await fromElsewhere({ ...message, ...phone });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'Enter a valid phone number: choose its country, or start it with + and the country code.',
      );
    }
    expect(await contactCount()).toBe(before);
  });
});

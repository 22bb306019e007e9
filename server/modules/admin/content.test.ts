import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { phoneJpeg, SVG } from '../../testing/media-files.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/** Issue 24: the console's blog posts (sanitised rich text, a photo) and the about, privacy and safety pages. */

const test = useTestApp({ users: [2], admin: true });
const { app, db, call, token, jobsDone } = test;

function photoForm(blogId: number, tokenOf: string, file: Buffer, type = 'image/jpeg') {
  const boundary = 'blog-photo-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/content/blogs/${blogId}/photo?lang=en`,
    headers: { authorization: `Bearer ${tokenOf}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

/** A multipart form: its text fields, then the picture as "file" when given. */
function multipart(url: string, tokenOf: string, fields: Record<string, string>, file?: Buffer) {
  const boundary = 'banner-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}?lang=en`,
    headers: { authorization: `Bearer ${tokenOf}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      ...(file ? [Buffer.from(head), file, Buffer.from('\r\n')] : []),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
  });
}

async function auditOf(subjectId: string) {
  await jobsDone();
  const answer = await call('GET', `/admin/audit?subject_id=${encodeURIComponent(subjectId)}`, test.adminToken);
  return answer.body.data.items as Array<{ action: string; before: unknown; after: Record<string, unknown> }>;
}

const HOSTILE_BODY = [
  '<h2>Selling safely</h2><p onclick="steal()">Meet in <strong>public</strong>',
  '<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
  '<p><a href="javascript:alert(3)">bad link</a> <a href="https://souk.test/tips" target="_self">tips</a></p>',
  '<iframe src="https://evil.test"></iframe><style>body{display:none}</style>',
].join('');

describe('blog posts in the console', () => {
  it('stores a sanitised body: no script, handler, frame or javascript: link survives', async () => {
    const created = await call('POST', '/admin/content/blogs', test.adminToken, {
      ...{ language: 'en', title: 'Selling safely', body: HOSTILE_BODY, is_published: true },
    });
    expect(created.status).toBe(201);
    const body = (created.body.data as { bodies: Record<string, string> }).bodies.en ?? '';
    expect(body).toContain('<h2>Selling safely</h2>');
    expect(body).toContain('<strong>public</strong>');
    expect(body).not.toMatch(/script|onclick|onerror|iframe|style|javascript:|<img/i);
    expect(body).toMatch(
      /<a href="https:\/\/souk.test\/tips"( target="_blank"| rel="nofollow noopener noreferrer ugc"){2}>/,
    );

    const published = await call('GET', `/blogs/${created.body.data.id}`);
    expect(published.body.data).toMatchObject({ name: 'Selling safely', description_html: body });
    expect(published.body.data.description).toBe('Selling safely\n\nMeet in public\n\nbad link tips');
  });

  it('refuses a body with nothing readable left, and keeps drafts off the public blog', async () => {
    const empty = await call('POST', '/admin/content/blogs', test.adminToken, {
      ...{ language: 'en', title: 'Nothing', body: '<script>x</script><p> </p>' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(
      'Please write the text: nothing readable was left once scripts and styles were removed.',
    );

    const draft = await call('POST', '/admin/content/blogs', test.adminToken, {
      ...{ language: 'ar', title: 'مسودة', body: '<p>لم تُنشر بعد</p>' },
    });
    expect(draft.status).toBe(201);
    expect((await call('GET', `/blogs/${draft.body.data.id}`)).status).toBe(404);
    const list = (await call('GET', '/admin/content/blogs', test.adminToken)).body.data.items as Array<{
      id: number;
      is_published: boolean;
      languages: string[];
    }>;
    expect(list.find((row) => row.id === draft.body.data.id)).toMatchObject({ is_published: false, languages: ['ar'] });
  });

  it('adds a language without touching the others, and records before and after', async () => {
    const created = await call('POST', '/admin/content/blogs', test.adminToken, {
      ...{ language: 'ar', title: 'نصائح', body: '<p>نص عربي</p>', is_published: 'on' },
    });
    const id = created.body.data.id as number;
    const edited = await call('POST', `/admin/content/blogs/${id}`, test.adminToken, {
      ...{ language: 'en', title: 'Tips', body: '<p>English text</p>', is_published: 'on' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      titles: { ar: 'نصائح', en: 'Tips' },
      bodies: { ar: '<p>نص عربي</p>', en: '<p>English text</p>' },
    });
    const [latest, first] = await auditOf(`blog:${id}`);
    expect(first).toMatchObject({ action: 'blog.create', before: null, after: { language: 'ar', title: 'نصائح' } });
    expect(latest).toMatchObject({
      action: 'blog.update',
      before: { language: 'en', title: null, body: null },
      after: { language: 'en', title: 'Tips', body: '<p>English text</p>' },
    });
  });

  it('takes a photo (it shows on the public post) and refuses a file that is not one', async () => {
    const created = await call('POST', '/admin/content/blogs', test.adminToken, {
      ...{ language: 'en', title: 'With a photo', body: '<p>Look.</p>', is_published: true },
    });
    const id = created.body.data.id as number;
    const notPhoto = await photoForm(id, test.adminToken, SVG, 'image/svg+xml');
    expect(notPhoto.statusCode).toBe(400);
    const saved = await photoForm(id, test.adminToken, await phoneJpeg());
    expect(saved.statusCode).toBe(200);
    const photo = saved.json().data.photo as { img_path: string };
    expect(photo.img_path).toMatch(/^blogs\/blog-\d+-/);
    const shown = (await call('GET', `/blogs/${id}`)).body.data as { default_photo: { img_path: string } };
    expect(shown.default_photo.img_path).toBe(photo.img_path);
    const served = await app.inject({ url: `/uploads/${photo.img_path}` });
    expect(served.statusCode).toBe(200);

    const again = await photoForm(id, test.adminToken, await phoneJpeg());
    expect(again.json().data.photo.img_path).not.toBe(photo.img_path);
    expect((await app.inject({ url: `/uploads/${photo.img_path}` })).statusCode).toBe(404);
    expect((await auditOf(`blog:${id}`))[0]).toMatchObject({
      action: 'blog.photo',
      after: { photo: expect.any(String) },
    });
  });

  it('deletes a post with its photo file', async () => {
    const created = await call('POST', '/admin/content/blogs', test.adminToken, {
      ...{ language: 'en', title: 'Short-lived', body: '<p>Soon gone.</p>', is_published: true },
    });
    const id = created.body.data.id as number;
    const photo = (await photoForm(id, test.adminToken, await phoneJpeg())).json().data.photo.img_path as string;
    expect((await call('POST', `/admin/content/blogs/${id}/delete`, test.adminToken)).status).toBe(200);
    expect((await call('GET', `/blogs/${id}`)).status).toBe(404);
    expect((await app.inject({ url: `/uploads/${photo}` })).statusCode).toBe(404);
    expect((await call('POST', `/admin/content/blogs/${id}/delete`, test.adminToken)).status).toBe(404);
  });

  it('refuses members and visitors everywhere', async () => {
    const form = { language: 'en', title: 'Mine', body: '<p>x</p>', is_published: true };
    expect((await call('POST', '/admin/content/blogs', token(2), form)).status).toBe(403);
    expect((await call('POST', '/admin/content/blogs', undefined, form)).status).toBe(401);
    expect((await call('POST', '/admin/content/pages/about', token(2), form)).status).toBe(403);
    expect((await photoForm(1, token(2), await phoneJpeg())).statusCode).toBe(403);
  });
});

describe('the about, privacy and safety pages in the console', () => {
  it('writes one language: the public page shows it, the audit log has before and after', async () => {
    const before = (await call('GET', '/pages/safety')).body.data as { title: string };
    const saved = await call('POST', '/admin/content/pages/safety', test.adminToken, {
      ...{ language: 'en', title: 'Stay safe', body: 'Meet in public.\n\nNever pay in advance.' },
    });
    expect(saved.status).toBe(200);
    const texts = saved.body.data.texts as Record<string, { title: string }>;
    expect(texts.en).toMatchObject({ title: 'Stay safe' });
    expect(texts.ar?.title).not.toBe('Stay safe');
    expect((await call('GET', '/pages/safety')).body.data).toMatchObject({
      title: 'Stay safe',
      body: 'Meet in public.\n\nNever pay in advance.',
    });
    const [entry] = await auditOf('page:safety');
    expect(entry).toMatchObject({
      action: 'page.update',
      before: { title: before.title },
      after: { title: 'Stay safe' },
    });
  });

  it('refuses an empty title and an unknown page', async () => {
    const empty = await call('POST', '/admin/content/pages/about', test.adminToken, {
      ...{ language: 'en', title: ' ', body: 'x' },
    });
    expect(empty.status).toBe(400);
    expect((await call('GET', '/admin/content/pages/secrets', test.adminToken)).status).toBe(400);
  });
});

describe('banners on the dashboard', () => {
  const words = { 'titles.ar': 'تخفيضات السيارات', 'titles.en': 'Car deals', link: '/item-list?cat_id=1' };

  it('adds a banner with its picture: the dashboard lists it in the reader’s language', async () => {
    const created = await multipart(
      '/admin/content/banners',
      test.adminToken,
      { ...words, is_published: 'on' },
      await phoneJpeg(1200, 400),
    );
    expect(created.statusCode).toBe(201);
    const banner = created.json().data as { id: number; image_path: string };
    expect(banner.image_path).toMatch(/^banners\/banner-/);
    const shown = (await call('GET', '/banners')).body.data as unknown as Array<Record<string, unknown>>;
    expect(shown).toContainEqual(
      expect.objectContaining({ id: banner.id, title: 'Car deals', link: '/item-list?cat_id=1' }),
    );
    expect((await app.inject({ url: `/uploads/${banner.image_path}` })).statusCode).toBe(200);
    expect((await auditOf(`banner:${banner.id}`))[0]).toMatchObject({ action: 'banner.create', before: null });
  });

  it('refuses a banner without a picture, without its Arabic words, or with a script link', async () => {
    const noPicture = await multipart('/admin/content/banners', test.adminToken, words);
    expect(noPicture.statusCode).toBe(400);
    const noArabic = await multipart(
      '/admin/content/banners',
      test.adminToken,
      { ...words, 'titles.ar': '' },
      await phoneJpeg(),
    );
    expect(noArabic.statusCode).toBe(400);
    const scriptLink = await multipart(
      '/admin/content/banners',
      test.adminToken,
      { ...words, link: 'javascript:alert(1)' },
      await phoneJpeg(),
    );
    expect(scriptLink.statusCode).toBe(400);
    expect(scriptLink.json().message).toBe(
      'Please enter a page of this site starting with / or an address starting with https://.',
    );
    for (const link of ['//evil.test', '/\\evil.test', 'http://plain.test']) {
      const elsewhere = await multipart(
        '/admin/content/banners',
        test.adminToken,
        { ...words, link },
        await phoneJpeg(),
      );
      expect(elsewhere.statusCode, link).toBe(400);
    }
    const asMember = await multipart('/admin/content/banners', token(2), words, await phoneJpeg());
    expect(asMember.statusCode).toBe(403);
  });

  it('hides, replaces the picture of and deletes a banner, its old files going with it', async () => {
    const created = await multipart(
      '/admin/content/banners',
      test.adminToken,
      { ...words, is_published: 'on' },
      await phoneJpeg(),
    );
    const { id, image_path: first } = created.json().data as { id: number; image_path: string };
    const hidden = await call('POST', `/admin/content/banners/${id}`, test.adminToken, {
      titles: { ar: 'مخفي', en: 'Hidden' },
      link: '',
      ordering: 3,
      is_published: false,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ link: null, ordering: 3, is_published: false });
    const shown = (await call('GET', '/banners')).body.data as unknown as Array<{ id: number }>;
    expect(shown.map((banner) => banner.id)).not.toContain(id);

    const replaced = await multipart(`/admin/content/banners/${id}/picture`, test.adminToken, {}, await phoneJpeg());
    expect(replaced.statusCode).toBe(200);
    expect((await app.inject({ url: `/uploads/${first}` })).statusCode).toBe(404);
    const second = replaced.json().data.image_path as string;

    expect((await call('POST', `/admin/content/banners/${id}/delete`, test.adminToken)).status).toBe(200);
    expect((await app.inject({ url: `/uploads/${second}` })).statusCode).toBe(404);
    expect((await call('GET', `/admin/content/banners/${id}`, test.adminToken)).status).toBe(404);
    const actions = (await auditOf(`banner:${id}`)).map((entry) => entry.action);
    expect(actions).toEqual(['banner.delete', 'banner.picture', 'banner.update', 'banner.create']);
  });
});

describe('collections on the dashboard', () => {
  const names = { ar: 'مختارات السيارات', en: 'Picked cars' };

  async function twoListings() {
    const answer = await call('GET', '/items?limit=2&view=card');
    return (answer.body.data.items as Array<{ id: string; item_name: string }>).slice(0, 2);
  }

  it('collects listings by address or id; the public list shows them, newest first', async () => {
    const created = await call('POST', '/admin/content/collections', test.adminToken, { names, is_published: true });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const [first, second] = await twoListings();
    const byAddress = await call('POST', `/admin/content/collections/${id}/items`, test.adminToken, {
      item: `https://souk.test/item/${first?.item_name}`,
    });
    expect(byAddress.status).toBe(200);
    await call('POST', `/admin/content/collections/${id}/items`, test.adminToken, { item: second?.id });
    const again = await call('POST', `/admin/content/collections/${id}/items`, test.adminToken, { item: second?.id });
    expect(again.body.data.item_ids).toHaveLength(2);

    const shown = (await call('GET', '/collections')).body.data as unknown as Array<{ id: number; name: string }>;
    expect(shown).toContainEqual(expect.objectContaining({ id, name: 'Picked cars' }));
    const items = (await call('GET', `/collections/${id}/items?view=card`)).body.data.items as Array<{ id: string }>;
    expect(items.map((item) => item.id).sort()).toEqual([first?.id, second?.id].sort());
    const actions = (await auditOf(`collection:${id}`)).map((entry) => entry.action);
    expect(actions).toEqual(['collection.add-item', 'collection.add-item', 'collection.create']);
  });

  it('refuses what is not a listing, and members; hides a hidden collection', async () => {
    const created = await call('POST', '/admin/content/collections', test.adminToken, { names, is_published: false });
    const id = created.body.data.id as number;
    const notAnAddress = await call('POST', `/admin/content/collections/${id}/items`, test.adminToken, {
      item: 'the red car',
    });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body.message).toBe("Please paste the address of a listing's page, or its id.");
    const unknown = await call('POST', `/admin/content/collections/${id}/items`, test.adminToken, {
      item: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect((await call('POST', '/admin/content/collections', token(2), { names })).status).toBe(403);
    expect((await call('GET', `/collections/${id}/items`)).status).toBe(404);
  });

  it('takes a listing out and deletes a collection, leaving the listing on the site', async () => {
    const created = await call('POST', '/admin/content/collections', test.adminToken, { names, is_published: true });
    const id = created.body.data.id as number;
    const [listing] = await twoListings();
    await call('POST', `/admin/content/collections/${id}/items`, test.adminToken, { item: listing?.id });
    const removed = await call('POST', `/admin/content/collections/${id}/items/${listing?.id}/remove`, test.adminToken);
    expect(removed.body.data.item_ids).toEqual([]);
    expect((await call('POST', `/admin/content/collections/${id}/delete`, test.adminToken)).status).toBe(200);
    expect((await call('GET', `/admin/content/collections/${id}`, test.adminToken)).status).toBe(404);
    expect((await call('GET', `/items/${listing?.id}`)).status).toBe(200);
  });
});

describe('a broadcast from the console', () => {
  it('reaches every member and is in the audit log; members may not send one', async () => {
    const sent = await call('POST', '/admin/notifications/broadcast', test.adminToken, {
      title: 'Eid opening hours',
      message: 'Our support answers from 10 to 4 during Eid.',
    });
    expect(sent.status).toBe(200);
    const id = sent.body.data.id as number;
    const seen = (await call('GET', '/notifications', token(2))).body.data.items as Array<{ id: number }>;
    expect(seen.map((notice) => notice.id)).toContain(id);
    expect((await auditOf(`broadcast:${id}`))[0]).toMatchObject({
      action: 'broadcast.send',
      after: { title: 'Eid opening hours' },
    });
    expect((await call('POST', '/admin/notifications/broadcast', token(2), { title: 'Spam' })).status).toBe(403);
  });
});

describe('reviews in the console', () => {
  it('hides a review: it no longer shows nor counts; shown again, it does', async () => {
    const [row] = (
      await db.execute<{ id: number }>(
        sql`insert into ratings (from_user_id, to_user_id, rating, title, message)
            values ('demo-user-07', 'demo-user-08', 1, 'Scammer!!', 'A grudge, not a deal') returning id`,
      )
    ).rows;
    const id = row?.id as number;
    const ratingCount = async () => {
      await jobsDone();
      return ((await call('GET', '/users/demo-user-08')).body.data as { rating_count: number }).rating_count;
    };
    const shownIds = async () =>
      ((await call('GET', '/users/demo-user-08/reviews')).body.data.items as Array<{ id: number }>).map((r) => r.id);
    expect(await shownIds()).toContain(id);
    const listed = (await call('GET', '/admin/reviews', test.adminToken)).body.data.items as Array<{ id: number }>;
    expect(listed.map((review) => review.id)).toContain(id);

    expect((await call('POST', `/admin/reviews/${id}`, token(2), { hidden: true })).status).toBe(403);
    expect((await call('POST', `/admin/reviews/${id}`, test.adminToken, { hidden: true })).status).toBe(200);
    expect(await shownIds()).not.toContain(id);
    // Counted again from the rows that show: the hidden one is not among them.
    expect(await ratingCount()).toBe((await shownIds()).length);

    expect((await call('POST', `/admin/reviews/${id}`, test.adminToken, { hidden: false })).status).toBe(200);
    expect(await shownIds()).toContain(id);
    expect(await ratingCount()).toBe((await shownIds()).length);
    const actions = (await auditOf(`review:${id}`)).map((entry) => entry.action);
    expect(actions).toEqual(['review.show', 'review.hide']);
    expect((await call('POST', '/admin/reviews/999999', test.adminToken, { hidden: true })).status).toBe(404);
  });
});

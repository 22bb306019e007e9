import { describe, expect, it } from 'vitest';
import { CONSOLE_LIST_KINDS, isChildList } from '../../../contract/console-lists.ts';
import { phoneJpeg } from '../../testing/media-files.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/** Issue 24: the console's catalogue: categories with their icon and pictures, and every other lookup list. */

const test = useTestApp({ users: [1], admin: true });
const { app, call, token, jobsDone } = test;

type Entry = { id: number; names: Record<string, string>; is_published: boolean; lat: number | null };

function picture(catId: number, slot: string, tokenOf: string, file: Buffer) {
  return upload(`/admin/categories/${catId}/pictures/${slot}`, tokenOf, file);
}

function upload(path: string, tokenOf: string, file: Buffer) {
  const boundary = 'category-picture';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}?lang=en`,
    headers: { authorization: `Bearer ${tokenOf}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

async function auditOf(subjectType: string, subjectId: string) {
  await jobsDone();
  const query = `subject_type=${subjectType}&subject_id=${encodeURIComponent(subjectId)}`;
  const answer = await call('GET', `/admin/audit?${query}`, test.adminToken);
  return answer.body.data.items as Array<{ action: string; before: Record<string, unknown> | null; after: unknown }>;
}

const names = (en: string, ar: string, more: Record<string, string> = {}) => ({ names: { en, ar, ...more } });
async function publicNames(url: string) {
  const answer = await call('GET', url);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data.items as Array<{ name: string }>).map((entry) => entry.name);
}

describe('lookup lists in the console', () => {
  it('adds a make, offers it at once, hides it again, and records both with before and after', async () => {
    const created = await call('POST', '/admin/lists/manufacturers', test.adminToken, {
      ...names('Souk Motors', 'سوق موتورز', { fr: 'Souk Moteurs' }),
      is_published: true,
      ordering: 5,
    });
    expect(created.status).toBe(201);
    const make = created.body.data as Entry;
    expect(make.names).toMatchObject({ en: 'Souk Motors', ar: 'سوق موتورز', fr: 'Souk Moteurs' });
    expect(await publicNames('/manufacturers?limit=100')).toContain('Souk Motors');

    const hidden = await call('POST', `/admin/lists/manufacturers/${make.id}`, test.adminToken, {
      ...names('Souk Motors', 'سوق موتورز'),
      is_published: false,
      ordering: 5,
    });
    expect(hidden.status).toBe(200);
    expect(await publicNames('/manufacturers?limit=100')).not.toContain('Souk Motors');
    const listed = await call('GET', '/admin/lists/manufacturers', test.adminToken);
    const entries = listed.body.data.entries as Entry[];
    expect(entries.find((entry) => entry.id === make.id)?.is_published).toBe(false);

    const audit = await auditOf('lookup', `manufacturers:${make.id}`);
    expect(audit.map((entry) => entry.action)).toEqual(['manufacturers.update', 'manufacturers.create']);
    expect(audit[0]?.before).toMatchObject({ is_published: true });
    expect(audit[0]?.after).toMatchObject({ is_published: false, names: { en: 'Souk Motors' } });
  });

  it('adds a model under its make only, and refuses a second model of the same name there', async () => {
    const make = (
      await call('POST', '/admin/lists/manufacturers', test.adminToken, {
        ...names('Falcon', 'فالكون'),
        is_published: true,
      })
    ).body.data as Entry;
    const withoutMake = await call('POST', '/admin/lists/models', test.adminToken, names('Hawk', 'هوك'));
    expect(withoutMake.status).toBe(400);
    const noArabic = await call('POST', '/admin/lists/models', test.adminToken, {
      names: { en: 'Hawk' },
      parent_id: 1,
    });
    expect(noArabic.body.message).toBe('العربية is required.');
    const badOrder = await call('POST', '/admin/lists/colors', test.adminToken, {
      ...names('Teal', 'تركواز'),
      ordering: -1,
    });
    expect(badOrder.body.message).toBe('Order is out of range.');
    const unknownMake = await call('POST', '/admin/lists/models', test.adminToken, {
      ...names('Hawk', 'هوك'),
      parent_id: 999_999,
    });
    expect(unknownMake.status).toBe(404);
    expect(unknownMake.body.message).toBe(
      'The make, category or city this entry belongs to does not exist (any more).',
    );

    const model = await call('POST', '/admin/lists/models', test.adminToken, {
      ...names('Hawk', 'هوك'),
      parent_id: make.id,
      is_published: true,
    });
    expect(model.status).toBe(201);
    expect(await publicNames(`/manufacturers/${make.id}/models`)).toEqual(['Hawk']);
    const again = await call('POST', '/admin/lists/models', test.adminToken, {
      ...names('Hawk', 'هوك 2'),
      parent_id: make.id,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This list already has an entry with this English name. If it is hidden, show it again instead.',
    );
    const models = await call('GET', `/admin/lists/models?parent_id=${make.id}`, test.adminToken);
    expect(models.body.data.parent).toEqual({ id: make.id, name: 'Falcon' });
    expect(models.body.data.entries).toHaveLength(1);
    expect((await call('GET', '/admin/lists/models', test.adminToken)).status).toBe(400);
  });

  it('needs a map point for a city and its districts, and shows them on the public lists', async () => {
    const noPoint = await call('POST', '/admin/lists/cities', test.adminToken, names('Abha', 'أبها'));
    expect(noPoint.status).toBe(400);
    expect(noPoint.body.message).toMatch(/lat/i);
    const outside = await call('POST', '/admin/lists/cities', test.adminToken, {
      ...names('Abha', 'أبها'),
      ...{ lat: 95, lng: 42.5 },
    });
    expect(outside.status).toBe(400);

    const city = await call('POST', '/admin/lists/cities', test.adminToken, {
      ...names('Abha', 'أبها'),
      ...{ lat: 18.2164, lng: 42.5053, is_published: true },
    });
    expect(city.status).toBe(201);
    const cityId = (city.body.data as Entry).id;
    const cities = (await call('GET', '/locations?limit=100')).body.data.items as Array<{ name: string; lat: number }>;
    expect(cities.find((entry) => entry.name === 'Abha')?.lat).toBe(18.2164);

    const district = await call('POST', '/admin/lists/townships', test.adminToken, {
      ...names('Al Manhal', 'المنهل'),
      ...{ parent_id: cityId, lat: 18.22, lng: 42.51, is_published: true },
    });
    expect(district.status).toBe(201);
    const townships = (await call('GET', `/locations/${cityId}/townships`)).body.data.items;
    expect(townships).toEqual([expect.objectContaining({ township_name: 'Al Manhal', lat: 18.22, lng: 42.51 })]);

    const moved = await call('POST', `/admin/lists/townships/${(district.body.data as Entry).id}`, test.adminToken, {
      ...names('Al Manhal', 'المنهل'),
      ...{ parent_id: 1, lat: 18.3, lng: 42.6, is_published: true },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parent_id: cityId, lat: 18.3 });
  });

  it('adds subcategories with their own slugs, shown in their category', async () => {
    const first = await call('POST', '/admin/lists/subcategories', test.adminToken, {
      ...names('Vintage radios', 'راديوهات قديمة'),
      ...{ parent_id: 1, is_published: true },
    });
    const second = await call('POST', '/admin/lists/subcategories', test.adminToken, {
      ...names('Vintage radios', 'راديوهات قديمة'),
      ...{ parent_id: 2, is_published: true },
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await publicNames('/categories/1/subcategories?limit=100')).toContain('Vintage radios');
    expect(await publicNames('/categories/2/subcategories?limit=100')).toContain('Vintage radios');
  });

  it('adds a currency with its code and symbol, which prices can then be in, and refuses a taken code', async () => {
    const created = await call('POST', '/admin/lists/currencies', test.adminToken, {
      ...names('Moroccan dirham', 'درهم مغربي'),
      ...{ code: 'mad', symbol: 'د.م.', is_published: true, ordering: 7 },
    });
    expect(created.status, created.body.message).toBe(201);
    const currency = created.body.data as unknown as { id: number; code: string; symbol: string };
    expect(currency).toMatchObject({ code: 'MAD', symbol: 'د.م.', names: { en: 'Moroccan dirham' } });
    const offered = async () =>
      ((await call('GET', '/currencies?limit=50')).body.data.items as Array<Record<string, unknown>>).find(
        (entry) => entry.currency_short_form === 'MAD',
      );
    expect(await offered()).toMatchObject({ currency_symbol: 'د.م.', name: 'Moroccan dirham' });

    const renamed = await call('POST', `/admin/lists/currencies/${currency.id}`, test.adminToken, {
      ...names('Moroccan dirham', 'درهم مغربي'),
      ...{ code: 'MAD', symbol: 'DH', is_published: true, ordering: 7 },
    });
    expect(renamed.body.data).toMatchObject({ symbol: 'DH' });
    expect((await offered())?.currency_symbol).toBe('DH');
    const [update] = await auditOf('lookup', `currencies:${currency.id}`);
    expect(update).toMatchObject({ action: 'currencies.update', before: { symbol: 'د.م.' }, after: { symbol: 'DH' } });

    const again = (fields: Record<string, unknown>) =>
      call('POST', '/admin/lists/currencies', test.adminToken, { ...names('Another', 'أخرى'), ...fields });
    const taken = await again({ code: 'mad', symbol: 'x' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Another currency already has this code. If it is hidden, show it again instead.');
    for (const fields of [{ symbol: 'x' }, { code: 'EG', symbol: 'x' }, { code: 'EGP1', symbol: 'x' }, { code: 'USD' }])
      expect((await again(fields)).status, JSON.stringify(fields)).toBe(400);
    expect((await again({ code: 'USD', symbol: '123456789' })).status).toBe(400);
  });

  it('adds a shipping method with its price and days, offered at once, and refuses a bad price or days', async () => {
    const created = await call('POST', '/admin/lists/shipping-methods', test.adminToken, {
      ...names('Same-day courier', 'توصيل في نفس اليوم'),
      ...{ price: '49.50', days: '1', is_published: true, ordering: 3 },
    });
    expect(created.status, created.body.message).toBe(201);
    const method = created.body.data as unknown as { id: number; price: string; days: number | null };
    expect(method).toMatchObject({ price: '49.50', days: 1 });
    const offered = async () =>
      ((await call('GET', '/shipping-methods?limit=50')).body.data.items as Array<Record<string, unknown>>).find(
        (entry) => entry.id === method.id,
      );
    expect(await offered()).toMatchObject({ name: 'Same-day courier', price: '49.50', days: 1 });
    const arabic = await app.inject({ url: '/api/v1/shipping-methods?limit=50&lang=ar' });
    expect(JSON.stringify(arabic.json().data.items)).toContain('توصيل في نفس اليوم');

    const changed = await call('POST', `/admin/lists/shipping-methods/${method.id}`, test.adminToken, {
      ...names('Same-day courier', 'توصيل في نفس اليوم'),
      ...{ price: '0', days: '', is_published: true, ordering: 3 },
    });
    expect(changed.body.data).toMatchObject({ price: '0', days: null });
    expect(await offered()).toMatchObject({ price: '0', days: null });
    const [update] = await auditOf('lookup', `shipping-methods:${method.id}`);
    expect(update).toMatchObject({ before: { price: '49.50', days: 1 }, after: { price: '0', days: null } });

    const again = (fields: Record<string, unknown>) =>
      call('POST', '/admin/lists/shipping-methods', test.adminToken, { ...names('Freight', 'شحن'), ...fields });
    for (const fields of [{}, { price: '-1' }, { price: '1.234' }, { price: 'free' }, { price: '1', days: '0' }])
      expect((await again(fields)).status, JSON.stringify(fields)).toBe(400);
    expect((await again({ price: '1', days: '366' })).body.message).toBe('Days to deliver is out of range.');
    const taken = await call('POST', '/admin/lists/shipping-methods', test.adminToken, {
      ...names('Same-day courier', 'آخر'),
      price: '5',
    });
    expect(taken.status).toBe(409);
  });

  it("replaces and removes a subcategory's photo, shown on its card, removing the old file", async () => {
    const [sub] = (await call('GET', '/categories/1/subcategories?limit=1')).body.data.items as Array<{ id: number }>;
    if (!sub) throw new Error('the demo data has no subcategory in category 1');
    const first = await upload(`/admin/lists/subcategories/${sub.id}/photo`, test.adminToken, await phoneJpeg());
    expect(first.statusCode, first.body).toBe(200);
    const firstPath = first.json().data.photo as string;
    const shown = async () =>
      (
        (await call('GET', '/categories/1/subcategories?limit=100')).body.data.items as Array<Record<string, unknown>>
      ).find((entry) => entry.id === sub.id)?.default_photo as { img_path: string } | null;
    expect((await shown())?.img_path).toBe(firstPath);

    const second = await upload(`/admin/lists/subcategories/${sub.id}/photo`, test.adminToken, await phoneJpeg());
    const secondPath = second.json().data.photo as string;
    expect(secondPath).not.toBe(firstPath);
    expect((await app.inject({ url: `/uploads/${firstPath}` })).statusCode).toBe(404);
    expect((await call('GET', `/admin/lists/subcategories/${sub.id}`, test.adminToken)).body.data.photo).toBe(
      secondPath,
    );

    const removed = await call('POST', `/admin/lists/subcategories/${sub.id}/photo/delete`, test.adminToken);
    expect(removed.body.data.photo).toBeNull();
    const removedAgain = await call('POST', `/admin/lists/subcategories/${sub.id}/photo/delete`, test.adminToken);
    expect(removedAgain.status).toBe(200);
    expect(await shown()).toBeNull();
    expect((await app.inject({ url: `/uploads/${secondPath}` })).statusCode).toBe(404);

    expect(
      (await upload('/admin/lists/subcategories/999999/photo', test.adminToken, await phoneJpeg())).statusCode,
    ).toBe(404);
    expect((await upload(`/admin/lists/subcategories/${sub.id}/photo`, token(1), await phoneJpeg())).statusCode).toBe(
      403,
    );
    const notAPicture = await upload(`/admin/lists/subcategories/${sub.id}/photo`, test.adminToken, Buffer.from('hi'));
    expect(notAPicture.statusCode).toBe(400);
    const actions = (await auditOf('lookup', `subcategories:${sub.id}`)).map((entry) => entry.action);
    // Two uploads and one removal: removing a photo that is not there records nothing.
    expect(actions.filter((action) => action === 'subcategories.photo')).toHaveLength(3);
  });

  it('refuses members and visitors on every list', async () => {
    const member = token(1);
    for (const kind of CONSOLE_LIST_KINDS) {
      const query = isChildList(kind) ? '?parent_id=1' : '';
      expect((await call('GET', `/admin/lists/${kind}${query}`, member)).status).toBe(403);
      expect((await call('GET', `/admin/lists/${kind}${query}`)).status).toBe(401);
    }
    expect((await call('POST', '/admin/lists/colors', member, names('Teal', 'أزرق مخضر'))).status).toBe(403);
    expect((await call('GET', '/admin/lists/planets', test.adminToken)).status).toBe(400);
  });
});

describe('categories in the console', () => {
  it('adds a vehicle category with an icon, and shows it to visitors', async () => {
    const created = await call('POST', '/admin/categories', test.adminToken, {
      ...names('Boats', 'قوارب'),
      ...{ cat_ordering: 50, is_published: true, is_vehicle: true, icon: 'car' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ is_vehicle: true, icon: 'car', slug: 'boats', icon_picture: null });
    const visible = (await call('GET', '/categories?limit=100')).body.data.items as Array<{ cat_name: string }>;
    expect(visible.map((category) => category.cat_name)).toContain('Boats');
    const taken = await call('POST', '/admin/categories', test.adminToken, {
      ...names('Boats', 'قوارب أخرى'),
      cat_ordering: 0,
    });
    expect(taken.status).toBe(409);
    const badIcon = await call('POST', '/admin/categories', test.adminToken, {
      ...names('Kites', 'طائرات ورقية'),
      icon: 'x',
    });
    expect(badIcon.status).toBe(400);
  });

  it('replaces and removes the icon picture and the photo, removing their files', async () => {
    const catId = 1;
    const icon = await picture(catId, 'icon', test.adminToken, await phoneJpeg());
    expect(icon.statusCode).toBe(200);
    const firstPath = icon.json().data.icon_picture as string;
    const shown = (await call('GET', `/categories/${catId}`)).body.data as { default_icon: { img_path: string } };
    expect(shown.default_icon.img_path).toBe(firstPath);

    const replaced = await picture(catId, 'icon', test.adminToken, await phoneJpeg());
    const secondPath = replaced.json().data.icon_picture as string;
    expect(secondPath).not.toBe(firstPath);
    expect((await app.inject({ url: `/uploads/${firstPath}` })).statusCode).toBe(404);

    const photo = await picture(catId, 'photo', test.adminToken, await phoneJpeg());
    expect(photo.json().data.photo).toEqual(expect.any(String));
    const removed = await call('POST', `/admin/categories/${catId}/pictures/icon/delete`, test.adminToken);
    expect(removed.body.data).toMatchObject({ icon_picture: null, photo: photo.json().data.photo });
    expect((await app.inject({ url: `/uploads/${secondPath}` })).statusCode).toBe(404);
    expect((await call('GET', `/categories/${catId}`)).body.data.default_icon).toBeNull();

    const byMember = await picture(catId, 'photo', token(1), await phoneJpeg());
    expect(byMember.statusCode).toBe(403);
    const entries = await auditOf('category', String(catId));
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['category.icon', 'category.photo']));
  });
});

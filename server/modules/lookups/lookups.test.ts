import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app.ts';

const ctx = useTestApp();

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /api/v1/categories', () => {
  it('lists categories with snake_case fields in the envelope, 30 a page by default', async () => {
    const { status, body } = await get('/api/v1/categories?lang=en');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, status: 'success', message: '' });
    expect(body.data.limit).toBe(30);
    expect(body.data.offset).toBe(0);
    const first = body.data.items[0];
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        'cat_id',
        'cat_name',
        'cat_name_ar',
        'cat_ordering',
        'status',
        'added_date',
        'added_date_str',
        'default_photo',
        'default_icon',
      ]),
    );
    expect(first.added_date_str).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  });

  it('orders by name ascending by default and honours oder_by / oder_type', async () => {
    const byName = (await get('/api/v1/categories?lang=en')).body.data.items.map(
      (c: { cat_name: string }) => c.cat_name,
    );
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    const desc = (await get('/api/v1/categories?lang=en&oder_by=cat_name&oder_type=desc')).body.data.items.map(
      (c: { cat_name: string }) => c.cat_name,
    );
    expect(desc).toEqual([...byName].reverse());
    const byOrdering = (await get('/api/v1/categories?order_by=cat_ordering')).body.data.items.map(
      (c: { cat_ordering: number }) => c.cat_ordering,
    );
    expect(byOrdering).toEqual([...byOrdering].sort((a, b) => a - b));
  });

  it('gives names in the requested language, from ?lang, cookie or Accept-Language', async () => {
    const arabic = (await get('/api/v1/categories?order_by=cat_ordering')).body.data.items[0];
    expect(arabic.cat_name).toBe(arabic.cat_name_ar);
    const english = (await get('/api/v1/categories?order_by=cat_ordering', { 'accept-language': 'en-US,en;q=0.9' }))
      .body.data.items[0];
    expect(english.cat_name).not.toBe(english.cat_name_ar);
    const german = (await get('/api/v1/categories?order_by=cat_ordering', { cookie: 'lang=de' })).body.data.items[0];
    expect(german.cat_name).not.toBe(english.cat_name);
  });

  it('finds categories by keyword in any language', async () => {
    const all = (await get('/api/v1/categories?lang=en&order_by=cat_ordering')).body.data.items;
    const target = all[1];
    const english = (await get(`/api/v1/categories?lang=en&keyword=${encodeURIComponent(target.cat_name.slice(0, 4))}`))
      .body;
    expect(english.data.items.map((c: { cat_id: number }) => c.cat_id)).toContain(target.cat_id);
    const arabic = (await get(`/api/v1/categories?lang=en&keyword=${encodeURIComponent(target.cat_name_ar)}`)).body;
    expect(arabic.data.items.map((c: { cat_id: number }) => c.cat_id)).toEqual([target.cat_id]);
    const none = (await get('/api/v1/categories?keyword=zzzzqqq')).body;
    expect(none.data.items).toEqual([]);
    expect(none.data.next_cursor).toBeNull();
  });

  it('pages with limit/offset and with the returned cursor, giving the same rows', async () => {
    const all = (await get('/api/v1/categories?order_by=cat_ordering&limit=100')).body.data.items;
    const first = (await get('/api/v1/categories?order_by=cat_ordering&limit=5')).body.data;
    expect(first.items).toEqual(all.slice(0, 5));
    expect(first.next_cursor).toEqual(expect.any(String));
    const byOffset = (await get('/api/v1/categories?order_by=cat_ordering&limit=5&offset=5')).body.data;
    const byCursor = (await get(`/api/v1/categories?order_by=cat_ordering&limit=5&cursor=${first.next_cursor}`)).body
      .data;
    expect(byCursor.items).toEqual(all.slice(5, 10));
    expect(byOffset.items).toEqual(byCursor.items);
    const last = (await get(`/api/v1/categories?order_by=cat_ordering&limit=5&offset=${all.length - 2}`)).body.data;
    expect(last.items).toHaveLength(2);
    expect(last.next_cursor).toBeNull();
  });

  it('rejects bad parameters with a translated 400 and changes nothing', async () => {
    const before = await ctx.database.db.execute(sql`select count(*)::int as n from categories`);
    const english = await get('/api/v1/categories?limit=0&lang=en');
    expect(english.status).toBe(400);
    expect(english.body).toEqual({
      code: 400,
      status: 'error',
      message: 'The value of “limit” is not valid.',
      data: null,
    });
    const arabic = await get('/api/v1/categories?order_by=price&lang=ar');
    expect(arabic.status).toBe(400);
    expect(arabic.body.message).toContain('order_by');
    expect(arabic.body.message).not.toContain('The value');
    expect((await get('/api/v1/categories?limit=1000')).status).toBe(400);
    expect((await get('/api/v1/categories?cursor=not-a-cursor&lang=en')).body.message).toBe(
      'The value of “cursor” is not valid.',
    );
    const after = await ctx.database.db.execute(sql`select count(*)::int as n from categories`);
    expect(after.rows).toEqual(before.rows);
  });

  it('answers one category by id, 404 for an unknown one and 400 for a malformed id', async () => {
    const [category] = (await get('/api/v1/categories?lang=en')).body.data.items;
    expect((await get(`/api/v1/categories/${category.cat_id}?lang=en`)).body.data).toEqual(category);
    const unknown = await get('/api/v1/categories/999999?lang=en');
    expect(unknown).toEqual({
      status: 404,
      body: { code: 404, status: 'error', message: 'This category does not exist.', data: null },
    });
    expect((await get('/api/v1/categories/abc')).status).toBe(400);
    expect((await get('/api/v1/categories/-4')).status).toBe(400);
  });
});

describe('subcategories', () => {
  it('lists the subcategories of a category, by path and by cat_id', async () => {
    const [category] = (await get('/api/v1/categories?order_by=cat_ordering&lang=en')).body.data.items;
    const byPath = await get(`/api/v1/categories/${category.cat_id}/subcategories?lang=en`);
    expect(byPath.status).toBe(200);
    expect(byPath.body.data.items.length).toBeGreaterThan(2);
    for (const subcategory of byPath.body.data.items) {
      expect(subcategory.cat_id).toBe(category.cat_id);
      expect(Object.keys(subcategory)).toEqual(
        expect.arrayContaining([
          'id',
          'name',
          'status',
          'added_date',
          'added_user_id',
          'updated_date',
          'cat_id',
          'updated_user_id',
          'updated_flag',
          'added_date_str',
          'default_photo',
        ]),
      );
    }
    const byQuery = await get(`/api/v1/subcategories?cat_id=${category.cat_id}&lang=en`);
    expect(byQuery.body.data).toEqual(byPath.body.data);
  });

  it('404s for an unknown category and 400s without cat_id', async () => {
    expect((await get('/api/v1/categories/999999/subcategories')).status).toBe(404);
    expect((await get('/api/v1/subcategories')).status).toBe(400);
  });
});

describe('locations and townships', () => {
  it('lists cities with coordinates and their townships', async () => {
    const cities = await get('/api/v1/locations?lang=en');
    expect(cities.status).toBe(200);
    expect(cities.body.data.limit).toBe(30);
    const [city] = cities.body.data.items;
    expect(city).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      lat: expect.any(Number),
      lng: expect.any(Number),
    });
    const townships = await get(`/api/v1/locations/${city.id}/townships?lang=en`);
    expect(townships.body.data.items.length).toBeGreaterThan(0);
    expect(townships.body.data.items[0]).toMatchObject({
      city_id: city.id,
      township_name: expect.any(String),
      odering: expect.any(Number),
    });
    expect((await get(`/api/v1/townships?city_id=${city.id}&lang=en`)).body.data).toEqual(townships.body.data);
    expect((await get('/api/v1/locations/999999/townships')).status).toBe(404);
  });

  it('searches cities by keyword in Arabic and English', async () => {
    const [city] = (await get('/api/v1/locations?lang=en')).body.data.items;
    const arabicName = (await get('/api/v1/locations?lang=ar')).body.data.items[0].name;
    expect(
      (await get(`/api/v1/locations?keyword=${encodeURIComponent(city.name)}&lang=en`)).body.data.items[0].id,
    ).toBe(city.id);
    expect(
      (await get(`/api/v1/locations?keyword=${encodeURIComponent(arabicName)}&lang=en`)).body.data.items[0].id,
    ).toBe(city.id);
  });
});

describe('other lookups', () => {
  const kinds = [
    'item-types',
    'conditions',
    'price-types',
    'currencies',
    'deal-options',
    'manufacturers',
    'transmissions',
    'colors',
    'fuel-types',
    'body-styles',
    'seller-types',
    'vehicle-types',
    'engine-statuses',
    'states',
    'user-states',
  ];

  it.each(kinds)('GET /api/v1/%s answers a translated, paged list', async (kind) => {
    const english = await get(`/api/v1/${kind}?lang=en`);
    const arabic = await get(`/api/v1/${kind}?lang=ar`);
    expect(english.status).toBe(200);
    expect(english.body.data.items.length).toBeGreaterThan(0);
    expect(english.body.data.items[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), status: 1 });
    expect(arabic.body.data.items[0].name).not.toBe(english.body.data.items[0].name);
  });

  it('price types carry is_empty_object and currencies their symbol', async () => {
    const priceTypes = (await get('/api/v1/price-types?lang=en')).body.data.items;
    expect(priceTypes.some((type: { is_empty_object: boolean }) => type.is_empty_object)).toBe(true);
    const currencies = (await get('/api/v1/currencies')).body.data.items;
    expect(
      currencies.find((currency: { currency_short_form: string }) => currency.currency_short_form === 'SAR'),
    ).toMatchObject({
      currency_symbol: expect.any(String),
      is_default: true,
    });
  });

  it('lists the models of a manufacturer', async () => {
    const [manufacturer] = (await get('/api/v1/manufacturers?keyword=Toyota&lang=en')).body.data.items;
    const models = await get(`/api/v1/manufacturers/${manufacturer.id}/models?lang=en`);
    expect(models.body.data.items.length).toBeGreaterThan(2);
    expect(
      models.body.data.items.every((model: { manufacturer_id: number }) => model.manufacturer_id === manufacturer.id),
    ).toBe(true);
    expect((await get(`/api/v1/models?manufacturer_id=${manufacturer.id}&lang=en`)).body.data).toEqual(
      models.body.data,
    );
    expect((await get('/api/v1/manufacturers/999999/models?lang=en')).body.message).toBe(
      'This manufacturer does not exist.',
    );
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const { status, body } = await get('/api/v1/no-such-thing?lang=en');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, status: 'error', message: 'This API address does not exist.', data: null });
  });
});

describe('OpenAPI document', () => {
  it('documents the lookup endpoints', async () => {
    const { status, body } = await get('/api/docs/json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/categories',
      '/api/v1/categories/{catId}/subcategories',
      '/api/v1/locations/{cityId}/townships',
      '/api/v1/item-types',
    ]) {
      expect(Object.keys(body.paths)).toContain(path);
    }
    expect(JSON.stringify(body.components)).toContain('Category');
  });
});

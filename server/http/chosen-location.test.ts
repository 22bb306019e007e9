import { describe, expect, it } from 'vitest';
import { buildWebAppIfNeeded } from '../testing/process.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** The location chosen in the header: remembered by /chosen-location in a cookie, shown by every page. */
buildWebAppIfNeeded();
const SITE = 'http://localhost:3000';
const SAME_SITE = { host: 'localhost:3000', origin: SITE, 'sec-fetch-site': 'same-origin' };

const ctx = useTestApp({ web: true });

async function places(url: string) {
  const response = await ctx.app.inject({ url });
  return response.json().data.items as Array<{ id: number; name?: string; township_name?: string }>;
}

function choose(fields: Record<string, string>, headers: Record<string, string> = SAME_SITE, lang = 'ar') {
  return ctx.app.inject({
    method: 'POST',
    url: `/chosen-location?lang=${lang}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

type Answer = Awaited<ReturnType<typeof choose>>;

/** The souk_location cookie an answer sets (its value as the page wrote it, %-encoded, as a browser keeps it). */
function locationCookie(answer: Answer) {
  const cookie = answer.cookies.find((set) => set.name === 'souk_location');
  if (!cookie) return undefined;
  const setCookie = [answer.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('souk_location='));
  return { ...cookie, value: setCookie?.split(';')[0]?.slice('souk_location='.length) ?? '' };
}

/** The accessible name of the header's location button. */
function headerLocation(html: string) {
  return html.match(/aria-label="([^"]*)" data-testid="location-menu"/)?.[1];
}

const page = (url: string, cookie?: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });

describe('the chosen location', () => {
  it('is all locations until one is chosen', async () => {
    expect(headerLocation((await page('/?lang=en')).body)).toBe('Choose location: All locations');
  });

  it('remembers a city and a township of it, with their names from the lookups, and shows them on pages', async () => {
    const [city] = await places('/api/v1/locations?lang=ar');
    const [township] = await places(`/api/v1/townships?city_id=${city?.id}&lang=ar`);
    const response = await choose({ choice: 'city', city_id: String(city?.id), township_id: String(township?.id) });
    expect(response.statusCode).toBe(200);
    const cookie = locationCookie(response);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 });
    const header = `souk_location=${cookie?.value}`;
    const arabic = await page('/', header);
    expect(arabic.statusCode).toBe(200);
    expect(headerLocation(arabic.body)).toBe(`اختيار الموقع: ${township?.township_name}، ${city?.name}`);
    expect(locationCookie(arabic)).toBeUndefined();

    // Another language: the names follow it, and the cookie is rewritten so the next page asks nothing.
    const [cityEn] = await places('/api/v1/locations?lang=en');
    const [townshipEn] = await places(`/api/v1/townships?city_id=${city?.id}&lang=en`);
    const english = await page('/?lang=en', header);
    expect(headerLocation(english.body)).toBe(`Choose location: ${townshipEn?.township_name}, ${cityEn?.name}`);
    expect(decodeURIComponent(locationCookie(english)?.value ?? '')).toContain('"lang":"en"');
  });

  it('remembers near me as a rounded point, and all locations by forgetting', async () => {
    const near = await choose({ choice: 'near', lat: '24.7136491', lng: '46.6753012' });
    expect(near.statusCode).toBe(200);
    expect(decodeURIComponent(locationCookie(near)?.value ?? '')).toBe('{"lat":24.714,"lng":46.675}');
    const shown = await page('/?lang=en', `souk_location=${locationCookie(near)?.value}`);
    expect(headerLocation(shown.body)).toBe('Choose location: Near me');

    const all = await choose({ choice: 'all' });
    expect(all.statusCode).toBe(200);
    expect(locationCookie(all)).toMatchObject({ value: '', maxAge: 0 });
  });

  it('refuses, with a 400 and no cookie, a city not offered, a township of another city and bad input', async () => {
    const [first, second] = await places('/api/v1/locations?lang=en');
    const [otherTownship] = await places(`/api/v1/townships?city_id=${second?.id}&lang=en`);
    const refused: Array<Record<string, string>> = [
      { choice: 'city', city_id: '999999' },
      { choice: 'city', city_id: String(first?.id), township_id: String(otherTownship?.id) },
      { choice: 'city', city_id: 'riyadh' },
      { choice: 'near', lat: '100', lng: '0' },
      { choice: 'somewhere' },
      {},
    ];
    for (const fields of refused) {
      const response = await choose(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(locationCookie(response), JSON.stringify(fields)).toBeUndefined();
    }
  });

  it('refuses a choice posted from another site', async () => {
    const response = await choose({ choice: 'all' }, { host: 'localhost:3000', origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['a broken escape', '%E0%A4%A'],
    ['not JSON', 'riyadh'],
    ['forged JSON', encodeURIComponent('{"city":{"id":1,"name":"<b>x</b>"},"township":null,"lang":"xx"}')],
    ['a point out of range', encodeURIComponent('{"lat":500,"lng":0}')],
    [
      'a city that does not exist',
      encodeURIComponent('{"city":{"id":999999,"name":"Nowhere"},"township":null,"lang":"ar"}'),
    ],
  ])('ignores and removes a cookie with %s', async (_name, value) => {
    const response = await page('/?lang=en', `souk_location=${value}`);
    expect(response.statusCode).toBe(200);
    expect(headerLocation(response.body)).toBe('Choose location: All locations');
    expect(locationCookie(response)).toMatchObject({ maxAge: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { carriedRedirect, redirectQueryFor, redirectTarget } from './redirect.ts';

const roundTrip = (pathname: string, search = '') =>
  redirectTarget(new URLSearchParams(redirectQueryFor(pathname, search).slice(1)));

describe('login redirect value', () => {
  it('keeps params and query for item lists, items and the pages that name one thing only', () => {
    expect(roundTrip('/item-list', '?cat_id=3&search_term=bike&lang=en')).toBe('/item-list?cat_id=3&search_term=bike');
    expect(roundTrip('/item-list/Toyota', '?min_year=2015')).toBe('/item-list/Toyota?min_year=2015');
    expect(roundTrip('/item/Red bike')).toBe('/item/Red%20bike');
    expect(roundTrip('/blog/4', '?x=1')).toBe('/blog');
    expect(roundTrip('/profile')).toBe('/profile');
    expect(roundTrip('/admin/items', '?status=pending')).toBe('/admin/items?status=pending');
    expect(roundTrip('/paid-items', '?item_id=abc')).toBe('/paid-items?item_id=abc');
    expect(roundTrip('/payments/abc')).toBe('/payments/abc');
  });

  it('goes to the dashboard by default and never leaves the site', () => {
    expect(roundTrip('/')).toBe('/');
    expect(redirectTarget(new URLSearchParams('redirect=//evil.example'))).toBe('/');
    expect(redirectTarget(new URLSearchParams('redirect=https://evil.example'))).toBe('/');
    expect(redirectTarget(new URLSearchParams('redirect=item&params=..%2F..%2Fx'))).toBe('/item/x');
    expect(redirectTarget(new URLSearchParams('redirect=login'))).toBe('/');
  });

  it('is carried from login to the next step', () => {
    expect(carriedRedirect(new URL('http://x/login?redirect=item-list&query=a%3D1&other=2'))).toBe(
      '?redirect=item-list&query=a%3D1',
    );
  });
});

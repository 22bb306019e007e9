import { describe, expect, it } from 'vitest';
import { listHrefFor } from './use-list-links.ts';

type Page = Parameters<typeof listHrefFor>[0];

describe('list addresses of the page', () => {
  it('leaves out the place the header chose while it stays the same', () => {
    const page: Page = {
      values: { item_location_id: '5', item_location_name: 'Riyadh', brand: 'b' },
      defaulted: ['item_location_id', 'item_location_name'],
      manufacturer: null,
      path: '/item-list',
    };
    expect(listHrefFor(page, { ...page.values, brand: 'c' })).toBe('/item-list?brand=c');
    expect(listHrefFor(page, { item_location_id: '6', item_location_name: 'Jeddah' })).toBe(
      '/item-list?item_location_id=6&item_location_name=Jeddah',
    );
  });

  it("keeps a manufacturer's path while its manufacturer stays, and leaves it for another", () => {
    const page: Page = {
      values: { manufacturer_id: '7', manufacturer_name: 'Toyota' },
      defaulted: [],
      manufacturer: { id: 7, name: 'Toyota' },
      path: '/item-list/Toyota',
    };
    expect(listHrefFor(page, { manufacturer_id: '7', manufacturer_name: 'Toyota', brand: 'b' })).toBe(
      '/item-list/Toyota?brand=b',
    );
    expect(listHrefFor(page, { manufacturer_id: '8', manufacturer_name: 'Honda' })).toBe(
      '/item-list?manufacturer_id=8&manufacturer_name=Honda',
    );
  });
});

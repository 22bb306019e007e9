import { describe, expect, it } from 'vitest';
import { itemSearchSchema } from '../../../../contract/search.ts';
import {
  activeChips,
  currentSort,
  filterErrors,
  filterValuesOf,
  listHref,
  listSeo,
  sortChoices,
  sortOnly,
  withoutChip,
  withSort,
} from './list-filters.ts';

const valuesOf = (query: string) => filterValuesOf(new URLSearchParams(query));

describe('item list addresses', () => {
  it('keeps only the non-empty list parameters, trimmed, in the order of SPEC.md 2', () => {
    const values = valuesOf('brand=&lang=en&max_price=500&search_term=%20سيارة%20&cat_id=1&min_price=&foo=1');
    expect(values).toEqual({ search_term: 'سيارة', cat_id: '1', max_price: '500' });
    expect(listHref(values)).toBe('/item-list?search_term=%D8%B3%D9%8A%D8%A7%D8%B1%D8%A9&cat_id=1&max_price=500');
    expect(listHref({})).toBe('/item-list');
    expect(listHref({ cat_id: '2' }, '/item-list/Toyota')).toBe('/item-list/Toyota?cat_id=2');
  });

  it('removes a chip with what depends on it, and clears filters but keeps the order', () => {
    const values = valuesOf(
      'cat_id=1&cat_name=Vehicles&sub_cat_id=3&sub_cat_name=Cars&item_location_id=2&item_location_township_id=9&lat=24.7&lng=46.6&mile=8&sorting_id=2&sorting_name=POPULAR&order_by=touch_count&orderType=desc',
    );
    expect(activeChips(values)).toEqual(['category', 'subcategory', 'location', 'township', 'map']);
    expect(withoutChip(values, 'category')).not.toHaveProperty('sub_cat_id');
    expect(withoutChip(values, 'subcategory')).toMatchObject({ cat_id: '1', cat_name: 'Vehicles' });
    expect(withoutChip(values, 'location')).not.toHaveProperty('item_location_township_id');
    expect(withoutChip(values, 'map')).not.toHaveProperty('mile');
    expect(sortOnly(values)).toEqual({
      sorting_id: '2',
      sorting_name: 'POPULAR',
      order_by: 'touch_count',
      orderType: 'desc',
    });
  });

  it('counts a price range as one filter, whichever end is set', () => {
    expect(activeChips({ max_price: '10' })).toEqual(['price']);
    expect(activeChips({ min_price: '1', max_price: '10' })).toEqual(['price']);
  });
});

describe('item list order', () => {
  it('shows order_by touch_count as Popular (sorting id 2, POPULAR), and Latest by default', () => {
    expect(currentSort({ order_by: 'touch_count' })).toBe('popular');
    expect(currentSort({ sorting_id: '2' })).toBe('popular');
    expect(currentSort({})).toBe('latest');
    expect(withSort({ cat_id: '1' }, 'popular')).toEqual({
      cat_id: '1',
      sorting_id: '2',
      sorting_name: 'POPULAR',
      order_by: 'touch_count',
      orderType: 'desc',
    });
  });

  it('offers best match with words and nearest with a pin', () => {
    expect(sortChoices({})).toEqual(['latest', 'popular']);
    expect(currentSort({ search_term: 'camry' })).toBe('relevance');
    expect(sortChoices({ search_term: 'camry', lat: '1', lng: '2' })).toEqual([
      'latest',
      'popular',
      'relevance',
      'distance',
    ]);
    expect(withSort({ search_term: 'x', sorting_id: '1', orderType: 'desc' }, 'relevance')).toEqual({
      search_term: 'x',
      order_by: 'relevance',
    });
  });
});

describe('item list SEO', () => {
  it('keeps category, subcategory and city in the canonical address; anything else is noindex', () => {
    expect(
      listSeo('/item-list', { cat_id: '1', cat_name: 'Vehicles', sub_cat_id: '3', item_location_id: '2' }),
    ).toEqual({
      canonicalPath: '/item-list?cat_id=1&sub_cat_id=3&item_location_id=2',
      noindex: false,
    });
    expect(listSeo('/item-list/Toyota', { cat_id: '1', min_price: '5' })).toEqual({
      canonicalPath: '/item-list/Toyota?cat_id=1',
      noindex: true,
    });
    expect(listSeo('/item-list', { order_by: 'touch_count' }).noindex).toBe(true);
  });
});

describe('item filter messages', () => {
  it("says 'Your min and max price are not valid.' (its key) for a reversed range, and out of range for nonsense", () => {
    const reversed = itemSearchSchema.safeParse({ min_price: '500', max_price: '100' });
    expect(reversed.success).toBe(false);
    if (!reversed.success) expect(filterErrors(reversed.error)).toEqual({ max_price: 'validation.priceRange' });
    const nonsense = itemSearchSchema.safeParse({ cat_id: 'abc' });
    if (!nonsense.success) expect(filterErrors(nonsense.error)).toEqual({ cat_id: 'validation.outOfRange' });
    expect(nonsense.success).toBe(false);
  });
});

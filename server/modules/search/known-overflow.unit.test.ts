import { describe, expect, it } from 'vitest';
import { itemSearchSchema, RESULT_COUNT_CAP } from '../../../contract/search.ts';
import { overflowsCount } from './known-overflow.ts';

const counts = {
  categories: { 1: 5 * RESULT_COUNT_CAP, 2: 2 * RESULT_COUNT_CAP - 1 },
  subcategories: { 10: 3 * RESULT_COUNT_CAP, 11: 10 },
};
const overflows = (params: Record<string, unknown>) => overflowsCount(itemSearchSchema.parse(params), counts);

describe('a list known to be longer than the capped count', () => {
  it('is a large category or subcategory, or everything, in any order and with its labels', () => {
    expect(overflows({ cat_id: 1 })).toBe(true);
    expect(overflows({ cat_id: 1, cat_name: 'Cars', order_by: 'touch_count', orderType: 'asc', limit: 5 })).toBe(true);
    expect(overflows({ sub_cat_id: 10, isPaid: 'paid_item_first', view: 'card', status: 1 })).toBe(true);
    expect(overflows({})).toBe(true);
    expect(overflowsCount({ ...itemSearchSchema.parse({ cat_id: 1 }), lang: 'en' } as never, counts)).toBe(true);
  });

  it('is not a category under twice the cap, nor one the counts do not know', () => {
    expect(overflows({ cat_id: 2 })).toBe(false);
    expect(overflows({ cat_id: 1, sub_cat_id: 11 })).toBe(false);
    expect(overflows({ cat_id: 99 })).toBe(false);
    expect(overflowsCount(itemSearchSchema.parse({}), { categories: { 1: 10 }, subcategories: {} })).toBe(false);
  });

  it('is never a list narrowed by anything but its category', () => {
    for (const filter of [
      { search_term: 'toyota' },
      { min_price: 1 },
      { brand: 'Apple' },
      { lat: 24.7, lng: 46.6 },
      { item_type_id: 1 },
      { item_location_id: 1 },
      { isPaid: 'only_paid_item' },
      { is_sold_out: '0' },
      { addedUserId: 'demo-user-01' },
      { max_mileage: 100 },
    ]) {
      expect(overflows({ cat_id: 1, ...filter }), JSON.stringify(filter)).toBe(false);
    }
  });
});

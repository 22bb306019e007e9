import { type ItemSearchQuery, RESULT_COUNT_CAP } from '../../../contract/search.ts';
import type { ActiveItemCounts } from './category-counts.ts';

/**
 * The keys of a list query that do not narrow it beyond its category: labels, order, paging, view and the API's
 * language. Any
 * other key set (a filter, words, a place) means the category's count says nothing about the list's.
 */
const NOT_NARROWING = new Set<keyof ItemSearchQuery | 'lang'>([
  'cat_id',
  'cat_name',
  'sub_cat_id',
  'sub_cat_name',
  'sorting_id',
  'sorting_name',
  'order_by',
  'orderType',
  'status',
  'limit',
  'offset',
  'cursor',
  'view',
  'lang',
]);

/**
 * Whether a visitor's list is certainly longer than the capped count, from the category counts (at most a
 * minute old): a category browse then needs no count, which at a million listings is most of the database's
 * work for the page (reading a thousand and one index entries, bench/README.md issue 21). A category with
 * twice the cap cannot fall under it in a minute; a signed-in viewer's list leaves out what they reported
 * and their blocks' listings, which the counts do not know, so their lists are always counted.
 */
export function overflowsCount(query: ItemSearchQuery, counts: ActiveItemCounts): boolean {
  const narrowsOnlyByCategory = Object.entries(query).every(
    ([key, value]) =>
      value === undefined ||
      NOT_NARROWING.has(key as keyof ItemSearchQuery | 'lang') ||
      (key === 'isPaid' && value === 'paid_item_first'),
  );
  if (!narrowsOnlyByCategory) return false;
  const inList =
    query.sub_cat_id !== undefined
      ? (counts.subcategories[query.sub_cat_id] ?? 0)
      : query.cat_id !== undefined
        ? (counts.categories[query.cat_id] ?? 0)
        : Object.values(counts.categories).reduce((sum, count) => sum + count, 0);
  return inList >= 2 * RESULT_COUNT_CAP;
}

import { z } from 'zod';
import { VALIDATION } from './fields.ts';
import { ITEM_STATUS } from './items.ts';

export { SORT_OPTIONS } from './sort-options.ts';
export const DEFAULT_ITEM_STATUS_FILTER = ITEM_STATUS.active;
export const PAID_FILTER = ['paid_item_first', 'only_paid_item'] as const;
export const MAP_SEARCH_RADIUS_MILES = 8;

/** Optional min and max prices; when both are given, min may not exceed max. */
export const priceRangeSchema = z
  .object({
    min_price: z.coerce.number().min(0, VALIDATION.priceRange).optional(),
    max_price: z.coerce.number().min(0, VALIDATION.priceRange).optional(),
  })
  .refine(
    (range) => range.min_price === undefined || range.max_price === undefined || range.min_price <= range.max_price,
    {
      message: VALIDATION.priceRange,
      path: ['max_price'],
    },
  );

import { z } from 'zod';
import { dateTimeSchema } from './fields.ts';
import { PAYMENT_METHODS } from './payments.ts';

export const PROMOTION_PACKAGES = [
  { type: 1, days: 7 },
  { type: 1, days: 14 },
  { type: 1, days: 30 },
  { type: 1, days: 60 },
  { type: 2, days: 1 },
] as const;

export const PAID_AD_PROGRESS = ['Progress', 'Finished', 'Not yet start', 'not_available'] as const;

export const paidAdSchema = z
  .object({
    id: z.number().int(),
    item_id: z.string(),
    package_days: z.number().int(),
    start_date: dateTimeSchema,
    end_date: dateTimeSchema,
    amount: z.string().describe('Total spending'),
    payment_method: z.enum(PAYMENT_METHODS),
    paid_status: z.enum(PAID_AD_PROGRESS),
  })
  .meta({ id: 'PaidAd' });

export type PaidAd = z.infer<typeof paidAdSchema>;

import { formatDateTime } from '../../../contract/format.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PaymentMethod } from '../../../contract/payments.ts';
import type { PAID_AD_PROGRESS, PaidAd, PaidAdState } from '../../../contract/promotions.ts';
import { inCurrencyDecimals } from '../payments/index.ts';
import type { paidAds } from './schema.ts';

export type PaidAdRow = typeof paidAds.$inferSelect;

/** The owner's word for a paid ad: the money's state, and once paid, where the clock has moved it. */
export function paidAdState(row: Pick<PaidAdRow, 'status' | 'phase'>): PaidAdState {
  if (row.status !== 'paid') return row.status as PaidAdState;
  if (row.phase === 'running') return 'in_progress';
  return row.phase === 'finished' ? 'completed' : 'not_started';
}

const LEGACY_PROGRESS: Partial<Record<PaidAdState, (typeof PAID_AD_PROGRESS)[number]>> = {
  in_progress: 'Progress',
  completed: 'Finished',
  not_started: 'Not yet start',
};

export function presentPaidAd(row: PaidAdRow, title: string, language: LanguageCode): PaidAd {
  const state = paidAdState(row);
  return {
    id: row.id,
    item_id: row.itemId,
    item_title: title,
    package_type: row.packageType,
    package_days: row.days,
    start_date: row.startDate.toISOString(),
    start_date_str: formatDateTime(row.startDate, language),
    end_date: row.endDate.toISOString(),
    end_date_str: formatDateTime(row.endDate, language),
    amount: inCurrencyDecimals(row.amount, row.currency),
    currency: row.currency,
    payment_method: row.paymentMethod as PaymentMethod,
    payment_id: row.paymentId,
    state,
    paid_status: LEGACY_PROGRESS[state] ?? 'not_available',
    added_date: row.addedDate.toISOString(),
  };
}

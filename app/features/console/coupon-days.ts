const DAY_MS = 24 * 60 * 60 * 1000;

/** A coupon's first day (YYYY-MM-DD, UTC) as its date field holds it; '' for none. */
export const firstDayOf = (validFrom: string | null) => (validFrom ? validFrom.slice(0, 10) : '');

/** A coupon's last day: `valid_until` is the first moment it no longer applies, so the day before it. */
export const lastDayOf = (validUntil: string | null) =>
  validUntil ? new Date(Date.parse(validUntil) - DAY_MS).toISOString().slice(0, 10) : '';

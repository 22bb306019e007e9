import type { DailyCounts } from '../../contract/console.ts';

/** Midnight UTC `daysAgo` days before today. */
export function startOfUtcDay(daysAgo: number, now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
}

/** One entry per day from `since`, zero where nothing happened. */
export function everyDay(since: Date, days: number, rows: Array<{ day: string; count: number }>): DailyCounts {
  const byDay = new Map(rows.map((row) => [row.day, row.count]));
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(since.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return { day, count: byDay.get(day) ?? 0 };
  });
}

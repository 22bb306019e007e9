import { eq, sql } from 'drizzle-orm';
import type { RatingSummary } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';
import { ratings } from '../../db/schema/index.ts';

const STAR_NAMES = ['one', 'two', 'three', 'four', 'five'] as const;

/** Reviews people give each other (SPEC.md 3 Rating summary). */
export class RatingsService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** How `userId` was rated: counts and percents per star, the total and the average. */
  async summary(userId: string): Promise<RatingSummary> {
    const rows = await this.db
      .select({ rating: ratings.rating, count: sql<number>`count(*)::int` })
      .from(ratings)
      .where(eq(ratings.toUserId, userId))
      .groupBy(ratings.rating);
    return summarizeRatings(rows);
  }
}

export function summarizeRatings(rows: Array<{ rating: number; count: number }>): RatingSummary {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const value = rows.reduce((sum, row) => sum + row.rating * row.count, 0);
  const summary: Record<string, number> = { total_rating_count: total, total_rating_value: total ? value / total : 0 };
  STAR_NAMES.forEach((name, index) => {
    const count = rows.find((row) => row.rating === index + 1)?.count ?? 0;
    summary[`${name}_star_count`] = count;
    summary[`${name}_star_percent`] = total ? Math.round((count / total) * 1000) / 10 : 0;
  });
  return summary as RatingSummary;
}

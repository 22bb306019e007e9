import { desc, eq, sql } from 'drizzle-orm';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { ConsoleReview } from '../../../contract/review-moderation.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import './events.ts';
import { ratings } from './schema.ts';

interface Asker {
  userId: string;
  isAdmin: boolean;
}

type ReviewRow = typeof ratings.$inferSelect;

/** The console's reviews (issue 24): the latest first; an operator hides one, which then neither shows nor counts. */
export class ReviewModeration {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly namesOf: (userIds: string[]) => Promise<Map<string, string>>;

  constructor(db: Db, events: EventBus, namesOf: (userIds: string[]) => Promise<Map<string, string>>) {
    this.db = db;
    this.events = events;
    this.namesOf = namesOf;
  }

  async latest(asker: Asker, page: PageWindow): Promise<Paged<ConsoleReview>> {
    refuseUnlessAdmin(asker);
    const rows = await this.db
      .select()
      .from(ratings)
      .orderBy(desc(sql`coalesce(${ratings.updatedDate}, ${ratings.addedDate})`), desc(ratings.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const names = await this.namesOf([...new Set(rows.flatMap((row) => [row.fromUserId, row.toUserId]))]);
    return toPage(
      rows.map((row) => present(row, names)),
      page.limit,
      page.offset,
    );
  }

  /** Hides a review or shows it again; the rated person's overall rating is counted again. */
  async setHidden(asker: Asker, reviewId: number, hidden: boolean): Promise<void> {
    refuseUnlessAdmin(asker);
    await this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.select().from(ratings).where(eq(ratings.id, reviewId)).for('update');
      if (!row) throw new AppError(404, 'console.reviews.notFound');
      if (Boolean(row.hiddenAt) === hidden) return;
      await tx
        .update(ratings)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(eq(ratings.id, reviewId));
      publish('user.rated', { userId: row.toUserId });
      recordOperatorAction(publish, {
        ...{ actorId: asker.userId, action: hidden ? 'review.hide' : 'review.show' },
        ...{ subjectType: 'content', subjectId: `review:${reviewId}` },
        before: { hidden: !hidden, title: row.title, message: row.message, rating: row.rating },
        after: { hidden },
      });
    });
  }
}

function present(row: ReviewRow, names: Map<string, string>): ConsoleReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    message: row.message,
    from_user_id: row.fromUserId,
    from_user_name: names.get(row.fromUserId) ?? null,
    to_user_id: row.toUserId,
    to_user_name: names.get(row.toUserId) ?? null,
    added_date: (row.updatedDate ?? row.addedDate).toISOString(),
    is_hidden: row.hiddenAt !== null,
  };
}

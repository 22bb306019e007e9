import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { formatDateTime } from '../../../contract/format.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Review, ReviewInput, ReviewStanding } from '../../../contract/ratings.ts';
import type { RatingSummary, User } from '../../../contract/users.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { toPage } from '../../kernel/paging.ts';
import type { ChatService } from '../chat/index.ts';
import { blockBetween, type SocialService } from '../social/index.ts';
import type { UsersService } from '../users/index.ts';
import './events.ts';
import { ReviewModeration } from './review-moderation.ts';
import { ratings } from './schema.ts';

const STAR_NAMES = ['one', 'two', 'three', 'four', 'five'] as const;

type Asker = { userId: string; isAdmin: boolean };
type ReviewRow = typeof ratings.$inferSelect;

export interface RatingsDependencies {
  db: Db;
  events: EventBus;
  users: UsersService;
  social: Pick<SocialService, 'inBlock'>;
  chat: Pick<ChatService, 'completedDealBetween'>;
}

const noDeal = () => new AppError(403, 'api.reviewNoDeal');
const selfReview = () => new AppError(403, 'api.reviewSelf');
const userNotFound = () => new AppError(404, 'users.notFound');

/**
 * Reviews people give each other (SPEC.md 3 Rating summary). Only the two sides of a completed deal may review
 * each other; a second review of the same person replaces the first.
 */
export class RatingsService {
  private readonly context: RatingsDependencies;
  /** The console's list of reviews and their hiding (review-moderation.ts). */
  readonly moderation: ReviewModeration;

  constructor(context: RatingsDependencies) {
    this.context = context;
    this.moderation = new ReviewModeration(context.db, context.events, (ids) => context.users.namesOf(ids));
  }

  /** How `userId` was rated: counts and percents per star, the total and the average. */
  async summary(userId: string): Promise<RatingSummary> {
    const rows = await this.context.db
      .select({ rating: ratings.rating, count: sql<number>`count(*)::int` })
      .from(ratings)
      .where(and(eq(ratings.toUserId, userId), isNull(ratings.hiddenAt)))
      .groupBy(ratings.rating);
    return summarizeRatings(rows);
  }

  async review(viewer: Asker, userId: string, input: ReviewInput, language: LanguageCode): Promise<Review> {
    const { db, events } = this.context;
    if (viewer.userId === userId) throw selfReview();
    if (!(await this.context.users.isPublic(userId))) throw userNotFound();
    if (await this.context.social.inBlock(viewer.userId, userId)) throw userNotFound();
    if (!(await this.context.chat.completedDealBetween(viewer.userId, userId))) throw noDeal();
    const row = await events.transaction(db, async (tx, publish) => {
      const [saved] = await tx
        .insert(ratings)
        .values({ fromUserId: viewer.userId, toUserId: userId, ...input })
        .onConflictDoUpdate({
          target: [ratings.fromUserId, ratings.toUserId],
          set: { rating: input.rating, title: input.title, message: input.message, updatedDate: new Date() },
        })
        .returning();
      // The account's overall rating and count follow (a follow-up of users, counted from the rows).
      publish('user.rated', { userId, raterId: viewer.userId, rating: input.rating });
      return saved;
    });
    if (!row) throw new Error('a review was not stored');
    const [reviewer] = await this.people([viewer.userId], viewer);
    return presentReview(row, reviewer ?? null, language);
  }

  /** Someone's reviews, the latest first, without hidden ones or those of people in a block with the viewer. */
  async reviews(
    userId: string,
    viewer: Asker | null,
    page: PageWindow,
    language: LanguageCode,
  ): Promise<Paged<Review>> {
    const { db } = this.context;
    if (!(await this.context.users.isPublic(userId)) && viewer?.userId !== userId && !viewer?.isAdmin)
      throw userNotFound();
    if (viewer && viewer.userId !== userId && (await this.context.social.inBlock(viewer.userId, userId))) {
      throw userNotFound();
    }
    const hidden = viewer ? sql`not ${blockBetween(viewer.userId, ratings.fromUserId)}` : undefined;
    const rows = await db
      .select()
      .from(ratings)
      .where(and(eq(ratings.toUserId, userId), isNull(ratings.hiddenAt), hidden))
      .orderBy(desc(sql`coalesce(${ratings.updatedDate}, ${ratings.addedDate})`), desc(ratings.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const paged = toPage(rows, page.limit, page.offset);
    const people = await this.people(
      paged.items.map((row) => row.fromUserId),
      viewer,
    );
    const byId = new Map(people.map((person) => [person.user_id, person]));
    return {
      ...paged,
      items: paged.items.map((row) => presentReview(row, byId.get(row.fromUserId) ?? null, language)),
    };
  }

  /** Whether the viewer may review `userId` (a completed deal, no block) and the review they already gave. */
  async standing(viewer: Asker, userId: string, language: LanguageCode): Promise<ReviewStanding> {
    if (viewer.userId === userId) return { may_review: false, my_review: null };
    const [dealt, blocked, [row]] = await Promise.all([
      this.context.chat.completedDealBetween(viewer.userId, userId),
      this.context.social.inBlock(viewer.userId, userId),
      this.context.db
        .select()
        .from(ratings)
        .where(and(eq(ratings.fromUserId, viewer.userId), eq(ratings.toUserId, userId))),
    ]);
    return { may_review: dealt && !blocked, my_review: row ? presentReview(row, null, language) : null };
  }

  private people(userIds: string[], viewer: Asker | null): Promise<User[]> {
    return this.context.users.cardsOf([...new Set(userIds)], viewer, { followed: new Set() });
  }
}

function presentReview(row: ReviewRow, author: User | null, language: LanguageCode): Review {
  const date = row.updatedDate ?? row.addedDate;
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    message: row.message,
    added_date: date.toISOString(),
    added_date_str: formatDateTime(date, language),
    from_user: author,
  };
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

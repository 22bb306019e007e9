import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { follows } from '../../db/schema/index.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { UsersService } from '../users/index.ts';
import './events.ts';

export interface SocialDependencies {
  db: Db;
  events: EventBus;
  users: UsersService;
}

/** Who follows whom. The follower counts on the accounts follow from the events published here. */
export class SocialService {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly users: UsersService;

  constructor({ db, events, users }: SocialDependencies) {
    this.db = db;
    this.events = events;
    this.users = users;
  }

  async isFollowing(followerId: string, followedId: string) {
    const [row] = await this.db
      .select({ followerId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
    return Boolean(row);
  }

  /** `follower` follows `followedId`, a public account other than their own; following twice changes nothing. */
  async follow(follower: { userId: string }, followedId: string) {
    if (follower.userId === followedId) throw new AppError(403, 'errors.forbidden');
    if (!(await this.users.isPublic(followedId))) throw new AppError(404, 'users.notFound');
    await this.events.afterCommit(async (publish) => {
      const added = await this.db
        .insert(follows)
        .values({ followerId: follower.userId, followedId })
        .onConflictDoNothing()
        .returning({ followedId: follows.followedId });
      if (added.length > 0) publish('user.followed', { followerId: follower.userId, followedId });
    });
  }

  /** `follower` stops following `followedId`; not following changes nothing. */
  async unfollow(follower: { userId: string }, followedId: string) {
    await this.events.afterCommit(async (publish) => {
      const removed = await this.db
        .delete(follows)
        .where(and(eq(follows.followerId, follower.userId), eq(follows.followedId, followedId)))
        .returning({ followedId: follows.followedId });
      if (removed.length > 0) publish('user.unfollowed', { followerId: follower.userId, followedId });
    });
  }
}

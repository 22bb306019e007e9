import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { repairCounters } from './counters.ts';
import { chats, items, users } from './testing/tables.ts';
import { useTestApp } from './testing/use-test-app.ts';

/**
 * The repair counts every counter kept on a row again from the rows it counts (nightly, and npm run
 * counters:repair): whatever a hand-edited row or a restored backup left, it ends right, and a second run finds
 * nothing to do.
 */
const test = useTestApp({ users: [1, 2] });
const { db, call, token } = test;

const rowOf = async <T>(query: Promise<T[]>) => (await query)[0] as T;

describe('the counter repair', () => {
  it('brings favourite, follower, rating and unread counts back to the rows', async () => {
    const [listing] = await db
      .select({ id: items.id })
      .from(items)
      .where(sql`${items.addedUserId} = 'demo-user-02' and ${items.status} = 1 and ${items.deletedAt} is null`)
      .limit(1);
    if (!listing) throw new Error('demo-user-02 has no active listing');
    await call('POST', `/items/${listing.id}/favourite`, token(1), { favourite: true });
    await call('POST', '/users/demo-user-02/follow', token(1), { follow: true });
    const opened = await call('POST', '/chats', token(1), {
      item_id: listing.id,
      buyer_user_id: 'demo-user-01',
      seller_user_id: 'demo-user-02',
    });
    const chatId = (opened.body.data.chat as { id: string }).id;
    await call('POST', `/chats/${chatId}/messages`, token(1), { client_id: 'repair-check-1', message: 'Hello' });
    await test.jobsDone();
    const right = {
      favourites: (await rowOf(db.select({ n: items.favouriteCount }).from(items).where(eq(items.id, listing.id)))).n,
      account: await rowOf(
        db
          .select({ followers: users.followerCount, following: users.followingCount, rating: users.overallRating })
          .from(users)
          .where(eq(users.id, 'demo-user-02')),
      ),
      unread: (await rowOf(db.select({ n: chats.sellerUnreadCount }).from(chats).where(eq(chats.id, chatId)))).n,
    };
    expect(right.unread).toBe(1);

    await db.update(items).set({ favouriteCount: 999 }).where(eq(items.id, listing.id));
    await db
      .update(users)
      .set({ followerCount: 50, followingCount: 7, overallRating: '4.50' })
      .where(eq(users.id, 'demo-user-02'));
    await db.update(chats).set({ sellerUnreadCount: 12 }).where(eq(chats.id, chatId));
    const repaired = await repairCounters(db);
    expect(repaired.listings).toBeGreaterThanOrEqual(1);
    expect(repaired.accounts).toBeGreaterThanOrEqual(1);
    expect(repaired.conversations).toBeGreaterThanOrEqual(1);

    expect((await rowOf(db.select({ n: items.favouriteCount }).from(items).where(eq(items.id, listing.id)))).n).toBe(
      right.favourites,
    );
    expect(
      await rowOf(
        db
          .select({ followers: users.followerCount, following: users.followingCount, rating: users.overallRating })
          .from(users)
          .where(eq(users.id, 'demo-user-02')),
      ),
    ).toEqual(right.account);
    expect((await rowOf(db.select({ n: chats.sellerUnreadCount }).from(chats).where(eq(chats.id, chatId)))).n).toBe(1);
    expect(await repairCounters(db)).toEqual({ listings: 0, accounts: 0, conversations: 0 });
  });
});

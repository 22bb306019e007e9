import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../../kernel/database.ts';
import type { ListingTies, ViewerParam } from '../items/index.ts';
import { blocks, favourites, follows as followsTable, itemReports } from './schema.ts';

/**
 * The social tables as query fragments for other modules' SQL (DESIGN.md "Data ownership"): the ties between
 * a viewer and listings that the items module's visibility rule needs, and the counts other modules keep on
 * their rows, recounted from the rows here.
 */

type Value = SQL | AnyPgColumn | ViewerParam;

/** Whether `a` and `b` are in a block, whichever of them blocked (a column or value for each). */
export const blockBetween = (first: Value, second: Value) => {
  const [a, b] = [qualified(first), qualified(second)];
  return sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;
};

export const socialTies: ListingTies = {
  inBlock: (viewerId, sellerId) => blockBetween(viewerId, sellerId),
  reportedBy: (viewerId, itemId) =>
    sql<boolean>`exists (select 1 from ${itemReports} where ${itemReports.itemId} = ${qualified(itemId)} and ${itemReports.reporterId} = ${viewerId})`,
  favouriteOf: (viewerId, itemId) =>
    sql<boolean>`exists (select 1 from ${favourites} where ${favourites.userId} = ${viewerId} and ${favourites.itemId} = ${qualified(itemId)})`,
  favouriteCount: (itemId) =>
    sql<number>`(select count(*)::int from ${favourites} where ${favourites.itemId} = ${qualified(itemId)})`,
};

/** The counts kept on other modules' rows (favourite_count, follower_count, following_count), from the rows. */
export const socialCounts = {
  favouritesOf: socialTies.favouriteCount,
  followersOf: (userId: Value) =>
    sql<number>`(select count(*)::int from ${followsTable} where ${followsTable.followedId} = ${qualified(userId)})`,
  followingOf: (userId: Value) =>
    sql<number>`(select count(*)::int from ${followsTable} where ${followsTable.followerId} = ${qualified(userId)})`,
};

/** Follows as fragments: the ids of the sellers a viewer follows, as a subquery (`seller_id in (...)`). */
export const follows = {
  sellersFollowedBy: (viewerId: string) =>
    sql`(select ${followsTable.followedId} from ${followsTable} where ${followsTable.followerId} = ${viewerId})`,
};

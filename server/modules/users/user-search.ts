import { desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { PersonCard } from '../../../contract/users.ts';
import { type Db, latestFirst } from '../../kernel/database.ts';
import { toPage } from '../../kernel/paging.ts';
import { presentPersonCard } from './presenter.ts';
import { nameWords, PUBLIC_ACCOUNT, users } from './schema.ts';

/** At most this many words of a name are looked for; the rest are ignored. */
const MAX_WORDS = 8;

/**
 * Whether the viewer and an account are in a block, whichever blocked, as SQL. Blocks belong to the social
 * module, after users in the module order: services.ts hands this in.
 */
export type BlockBetween = (viewerId: string, userId: AnyPgColumn) => SQL<boolean>;

/** The words of a name to look for: runs of letters and digits (marks alone make no word). */
export function nameWordsOf(name: string): string[] {
  const words = name.normalize('NFC').split(/[^\p{L}\p{M}\p{N}]+/u);
  return words.filter((word) => /[\p{L}\p{N}]/u.test(word)).slice(0, MAX_WORDS);
}

/** Each word the start of a word of the name, spelling variants folded as the name's key folds them. */
const prefixQuery = (words: string[]) =>
  sql.join(
    words.map((word) => sql`to_tsquery('simple', quote_literal(souk_normalize(${word}::text)) || ':*')`),
    sql` && `,
  );

/** 0 for the exact name, 1 for a name that starts with the words, 2 for the words anywhere in the name. */
const matchRank = (words: string[]) => {
  const wanted = sql`souk_normalize(${words.join(' ')}::text)`;
  const key = users.userNameKey;
  return sql`case when ${key} = ${wanted} then 0 when starts_with(${key}, ${wanted}) then 1 else 2 end`;
};

const cardColumns = {
  id: users.id,
  userName: users.userName,
  userProfilePhoto: users.userProfilePhoto,
  overallRating: users.overallRating,
  ratingCount: users.ratingCount,
  followerCount: users.followerCount,
  isVerifyBlueMark: users.isVerifyBlueMark,
  isVerifiedDealer: users.isVerifiedDealer,
};

/**
 * People search (issue 25): public accounts by name, none in a block with the viewer. The best match first
 * (the exact name, then names starting with the words), then the most followed, the best rated, the newest.
 */
export class UserSearch {
  private readonly db: Db;
  private readonly blockBetween: BlockBetween;

  constructor(db: Db, blockBetween: BlockBetween) {
    this.db = db;
    this.blockBetween = blockBetween;
  }

  async byName(name: string, viewer: { userId: string } | null, page: PageWindow): Promise<Paged<PersonCard>> {
    const words = nameWordsOf(name);
    if (words.length === 0) return toPage([], page.limit, page.offset);
    const notBlocked = viewer ? sql` and not ${this.blockBetween(viewer.userId, users.id)}` : sql``;
    const rows = await this.db
      .select(cardColumns)
      .from(users)
      // PUBLIC_ACCOUNT as written in the index's predicate, so the partial index applies.
      .where(sql`${PUBLIC_ACCOUNT} and ${nameWords(users.userNameKey)} @@ (${prefixQuery(words)})${notBlocked}`)
      .orderBy(
        matchRank(words),
        desc(users.followerCount),
        desc(users.overallRating),
        latestFirst(users.addedDate),
        desc(users.id),
      )
      .limit(page.limit + 1)
      .offset(page.offset);
    return toPage(rows.map(presentPersonCard), page.limit, page.offset);
  }
}

import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { USER_STATUS } from '../../../contract/users.ts';
import { qualified } from '../../kernel/database.ts';
import { users } from './schema.ts';

/** Whether the account is one others may see (policy.ts isPublic): active and not banned, as SQL. */
export const isPublicAccount = (userId: SQL | AnyPgColumn | string) =>
  sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${qualified(userId)} and ${users.status} = ${sql.raw(String(USER_STATUS.active))} and not ${users.isBanned})`;

/** A seller's verified marks (SPEC.md 1, 6) as listing cards show them; null when there is no such account. */
export const sellerMarksJson = (userId: SQL | AnyPgColumn | string) =>
  sql<SellerMarks | null>`(select json_build_object('is_verify_blue_mark', ${users.isVerifyBlueMark}, 'is_verified_dealer', ${users.isVerifiedDealer}) from ${users} where ${users.id} = ${qualified(userId)})`;

export interface SellerMarks {
  is_verify_blue_mark: boolean;
  is_verified_dealer: boolean;
}

import { count, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AccountSearch, ConsoleAccount, DailyCounts } from '../../../contract/console.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import { everyDay, startOfUtcDay } from '../../kernel/daily-counts.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import { containsPattern } from '../../kernel/like-pattern.ts';
import { refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import { isAdmin } from './policy.ts';
import { users } from './schema.ts';

type UserRow = typeof users.$inferSelect;
interface Asker {
  isAdmin: boolean;
}

/** Accounts as the operator's console reads them (issue 24): search, one account, sign-ups by day. */
export class AccountConsole {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Newest first; `q` matches a name anywhere, an e-mail address or phone number exactly, or an id. */
  async search(asker: Asker, query: Pick<AccountSearch, 'q'>, page: PageWindow): Promise<Paged<ConsoleAccount>> {
    refuseUnlessAdmin(asker);
    const rows = await this.db
      .select()
      .from(users)
      .where(query.q ? matching(query.q) : undefined)
      .orderBy(desc(users.addedDate), desc(users.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    return toPage(rows.map(presentAccount), page.limit, page.offset);
  }

  async account(asker: Asker, userId: string): Promise<ConsoleAccount> {
    refuseUnlessAdmin(asker);
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new AppError(404, 'users.notFound');
    return presentAccount(row);
  }

  /** Accounts created on each of the last `days` days (UTC), oldest first. */
  async newAccountsByDay(asker: Asker, days: number): Promise<DailyCounts> {
    refuseUnlessAdmin(asker);
    const since = startOfUtcDay(days - 1);
    const day = sql<string>`to_char(${users.addedDate} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ day, count: count() })
      .from(users)
      .where(gte(users.addedDate, since))
      .groupBy(day);
    return everyDay(since, days, rows);
  }
}

function matching(text: string): SQL | undefined {
  const exact = [eq(users.id, text), eq(users.userEmail, text.toLowerCase()), eq(users.userPhone, text)];
  return or(...exact, ilike(users.userName, containsPattern(text)));
}

function presentAccount(row: UserRow): ConsoleAccount {
  return {
    user_id: row.id,
    user_name: row.userName,
    user_email: row.userEmail,
    user_phone: row.userPhone,
    phone_verify: row.phoneVerify,
    status: row.status,
    is_banned: row.isBanned,
    is_admin: isAdmin(row),
    is_verify_blue_mark: row.isVerifyBlueMark,
    is_verified_dealer: row.isVerifiedDealer,
    added_date: row.addedDate.toISOString(),
  };
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ITEM_STATUS } from '../../../contract/items.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Tx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Publish } from '../../kernel/events.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import type { UpkeepRules } from '../settings/index.ts';
import { existingItem, forbidden } from './access.ts';
import type { ItemsContext } from './context.ts';
import { canEditItem } from './policy.ts';
import { items } from './schema.ts';

export const LIFETIME_JOB = 'items.lifetime';

declare module '../../kernel/jobs.ts' {
  interface JobPayloads {
    'items.lifetime': Record<string, never>;
  }
}

const DAY_MS = 86_400_000;
/** Listings moved per transaction: a large backlog (a lifetime shortened) goes in short steps. */
const BATCH = 500;

/** A listing's lifetime as its owner sees it. */
export interface Lifetime {
  status: number;
  ownerId: string;
  isSoldOut: boolean;
  /** When the active listing expires; null when listings do not expire or it is not active. */
  expiresAt: Date | null;
  renewable: boolean;
  /** Its last move to the top of "Latest" (added_date when it was bumped, else null). */
  bumpedAt: Date | null;
}

/** When a lifetime started at `renewedAt` ends, and from when its owner is told and may renew. */
export function lifetimeEnds(renewedAt: Date, rules: Pick<UpkeepRules, 'lifetimeDays' | 'noticeDays'>) {
  const end = renewedAt.getTime() + rules.lifetimeDays * DAY_MS;
  const noticeDays = Math.min(Math.max(rules.noticeDays, 0), rules.lifetimeDays);
  return { expiresAt: new Date(end), noticeFrom: new Date(end - noticeDays * DAY_MS) };
}

/**
 * Listing lifetime (issue 23): an active listing expires the operator's number of days after it was posted,
 * approved or renewed (its owner told some days before), by a scheduled job at the clock's now; its owner renews
 * it. Expired listings (status 4) leave every public list, search and the sitemap, which all read status 1.
 */
export class ListingLifetime {
  private readonly context: ItemsContext;

  constructor(context: ItemsContext) {
    this.context = context;
  }

  async of(itemId: string): Promise<Lifetime | null> {
    const [row] = await this.context.db
      .select({
        status: items.status,
        ownerId: items.addedUserId,
        isSoldOut: items.isSoldOut,
        renewedAt: items.renewedAt,
        addedDate: items.addedDate,
        postedAt: items.postedAt,
        deletedAt: items.deletedAt,
      })
      .from(items)
      .where(eq(items.id, itemId));
    if (!row || row.deletedAt) return null;
    const rules = await this.context.settings.upkeepRules();
    const now = this.context.clock.now();
    const base = { status: row.status, ownerId: row.ownerId, isSoldOut: row.isSoldOut };
    const bumpedAt = row.postedAt ? row.addedDate : null;
    if (row.status === ITEM_STATUS.expired) return { ...base, expiresAt: null, renewable: true, bumpedAt };
    if (row.status !== ITEM_STATUS.active || rules.lifetimeDays <= 0) {
      return { ...base, expiresAt: null, renewable: false, bumpedAt };
    }
    const { expiresAt, noticeFrom } = lifetimeEnds(row.renewedAt, rules);
    return { ...base, expiresAt, renewable: now >= noticeFrom, bumpedAt };
  }

  /** The owner renews an expired listing, or an active one within its notice days: a new lifetime from now. */
  async renew(viewer: Viewer, itemId: string): Promise<void> {
    const { db, events } = this.context;
    const current = await existingItem(db, itemId);
    if (!canEditItem(viewer, current)) throw forbidden();
    const lifetime = await this.of(itemId);
    if (!lifetime?.renewable) {
      const active = current.status === ITEM_STATUS.active;
      throw new AppError(409, active ? 'api.renewNotYet' : 'api.renewNotAvailable');
    }
    await events.transaction(db, async (tx, publish) => {
      const [renewed] = await tx
        .update(items)
        .set({ status: ITEM_STATUS.active, renewedAt: this.context.clock.now(), expiryNoticeSent: false })
        .where(
          and(
            eq(items.id, itemId),
            inArray(items.status, [ITEM_STATUS.active, ITEM_STATUS.expired]),
            isNull(items.deletedAt),
          ),
        )
        .returning({ id: items.id });
      if (!renewed) throw new AppError(409, 'api.renewNotAvailable');
      publish('item.renewed', { itemId, ownerId: current.addedUserId });
    });
  }

  /** Tells owners whose listings expire soon, then expires those whose lifetime ended, at the clock's now. */
  async run(): Promise<{ noticed: number; expired: number }> {
    const rules = await this.context.settings.upkeepRules();
    if (rules.lifetimeDays <= 0) return { noticed: 0, expired: 0 };
    const now = this.context.clock.now();
    const lifetimeMs = rules.lifetimeDays * DAY_MS;
    const noticeMs = Math.min(Math.max(rules.noticeDays, 0), rules.lifetimeDays) * DAY_MS;
    let noticed = 0;
    if (noticeMs > 0) {
      noticed = await this.inBatches((tx, publish) => this.notice(tx, publish, now, lifetimeMs, noticeMs));
    }
    const renewedBefore = new Date(now.getTime() - lifetimeMs);
    const expired = await this.inBatches((tx, publish) => this.expire(tx, publish, renewedBefore));
    return { noticed, expired };
  }

  /** Runs the lifetime job every five minutes. */
  async schedule(jobs: JobQueue) {
    jobs.work(LIFETIME_JOB, async () => {
      await this.run();
    });
    await jobs.every(LIFETIME_JOB, '*/5 * * * *');
  }

  private async inBatches(step: (tx: Tx, publish: Publish) => Promise<number>) {
    let total = 0;
    for (;;) {
      const moved = await this.context.events.transaction(this.context.db, step);
      total += moved;
      if (moved < BATCH) return total;
    }
  }

  private async notice(tx: Tx, publish: Publish, now: Date, lifetimeMs: number, noticeMs: number) {
    const rows = await tx.execute<{ id: string; owner_id: string; renewed_at: string }>(sql`
      update ${items} set expiry_notice_sent = true
      where id in (
        select id from ${items}
        where status = ${ITEM_STATUS.active} and deleted_at is null and not expiry_notice_sent and not is_sold_out
          and not is_paid and renewed_at <= ${new Date(now.getTime() - lifetimeMs + noticeMs)}
        order by renewed_at limit ${BATCH} for update skip locked)
      returning id, added_user_id as owner_id, renewed_at`);
    for (const row of rows.rows) {
      const at = new Date(new Date(row.renewed_at).getTime() + lifetimeMs).toISOString();
      publish('item.expiring', { itemId: row.id, ownerId: row.owner_id, at });
    }
    return rows.rows.length;
  }

  /** Sold listings stay (they are a record), and so do promoted ones until their promotion ends. */
  private async expire(tx: Tx, publish: Publish, renewedBefore: Date) {
    const rows = await tx.execute<{ id: string; owner_id: string }>(sql`
      update ${items} set status = ${ITEM_STATUS.expired}
      where id in (
        select id from ${items}
        where status = ${ITEM_STATUS.active} and deleted_at is null and not is_sold_out and not is_paid
          and renewed_at <= ${renewedBefore}
        order by renewed_at limit ${BATCH} for update skip locked)
      returning id, added_user_id as owner_id`);
    for (const row of rows.rows) publish('item.expired', { itemId: row.id, ownerId: row.owner_id });
    return rows.rows.length;
  }
}

/**
 * Moves an active, unsold listing to the top of "Latest" at `now` (a bump, issue 23): added_date is the place in every
 * newest-first list and index, so the bump changes it; posted_at keeps when it was really posted.
 */
export async function bumpListing(tx: Tx, publish: Publish, itemId: string, now: Date): Promise<boolean> {
  const [bumped] = await tx
    .update(items)
    .set({ postedAt: sql`coalesce(${items.postedAt}, ${items.addedDate})`, addedDate: now })
    .where(
      and(
        eq(items.id, itemId),
        eq(items.status, ITEM_STATUS.active),
        eq(items.isSoldOut, false),
        isNull(items.deletedAt),
      ),
    )
    .returning({ ownerId: items.addedUserId });
  if (bumped) publish('item.bumped', { itemId, ownerId: bumped.ownerId, at: now.toISOString() });
  return Boolean(bumped);
}

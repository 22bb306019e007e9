import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import { isItemId } from './access.ts';
import { items, itemViewCounts, itemViews } from './schema.ts';

/**
 * Item views (touch_count): one per viewer and day. A view writes a narrow row of its own; a job folds the
 * counted views into items.touch_count, so a page view never rewrites the item row and its indexes.
 */

/** Days of viewer rows kept (today and yesterday decide "once a day"). */
export const VIEW_DAYS_KEPT = 2;
export const FOLD_VIEWS_JOB = 'items.fold-views' as const;

/** Whose view it is: the account's id, else `v:` and the visitor's cookie id; null (a bot) counts nothing. */
export function viewerKey(viewer: { userId: string } | null, visitorId: string | null): string | null {
  if (viewer) return viewer.userId;
  return visitorId ? `v:${visitorId}` : null;
}

declare module '../../kernel/jobs.ts' {
  interface JobPayloads {
    'items.fold-views': Record<string, never>;
  }
}

/** Views this process counted lately, by item, viewer and hour: a reload or a cached page writes nothing again. */
const RECENT_VIEWS_KEPT = 50_000;

export class ItemViews {
  private readonly db: Db;
  private readonly recent = new Set<string>();

  constructor(db: Db) {
    this.db = db;
  }

  /** Counts the view when this viewer has not viewed the item today. */
  async countView(itemId: string, viewerKey: string): Promise<void> {
    if (!isItemId(itemId) || this.countedLately(`${itemId} ${viewerKey} ${new Date().toISOString().slice(0, 13)}`)) {
      return;
    }
    // One statement: the day's row is inserted at most once, and only a new row adds to the pending count.
    await this.db.execute(sql`
      with counted as (
        insert into ${itemViews} (item_id, viewer_key, day)
        select ${items.id}, ${viewerKey}, current_date from ${items}
        where ${items.id} = ${itemId} and ${items.deletedAt} is null
        on conflict do nothing
        returning item_id
      )
      insert into ${itemViewCounts} (item_id, pending)
      select item_id, 1 from counted
      on conflict (item_id) do update set pending = ${itemViewCounts.pending} + 1`);
  }

  /** Whether this view was counted lately; remembers it if not (the database still decides "once a day"). */
  private countedLately(view: string) {
    if (this.recent.has(view)) return true;
    if (this.recent.size >= RECENT_VIEWS_KEPT) this.recent.clear();
    this.recent.add(view);
    return false;
  }

  /** Folds the pending views into the items' touch_count, in one statement; answers how many items changed. */
  async foldViews(): Promise<number> {
    const result = await this.db.execute(sql`
      with folded as (delete from ${itemViewCounts} returning item_id, pending)
      update ${items} set touch_count = ${items.touchCount} + folded.pending
      from folded where ${items.id} = folded.item_id`);
    return result.rowCount ?? 0;
  }

  /** Forgets who viewed what before yesterday. */
  async pruneViews(): Promise<number> {
    const result = await this.db
      .delete(itemViews)
      .where(lt(itemViews.day, sql`current_date - ${VIEW_DAYS_KEPT - 1}::int`));
    return result.rowCount ?? 0;
  }

  /** Folds and prunes every minute (the job queue's schedule). */
  async schedule(jobs: JobQueue) {
    jobs.work(FOLD_VIEWS_JOB, async () => {
      await this.foldViews();
      await this.pruneViews();
    });
    await jobs.every(FOLD_VIEWS_JOB, '* * * * *');
  }
}

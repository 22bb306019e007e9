import { and, desc, eq, isNull, not, sql } from 'drizzle-orm';
import { isAppError } from '../../../contract/errors.ts';
import { ITEM_STATUS, type ModerationDecision, type ModerationItem } from '../../../contract/items.ts';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import { translate } from '../../i18n.ts';
import { badRequest } from '../../kernel/errors.ts';
import { recordOperatorAction } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import { existingItem, forbidden } from './access.ts';
import type { ItemsContext } from './context.ts';
import { canModerate } from './policy.ts';
import { type ItemViewer, LookupMemo, presentItemDetail } from './presenter.ts';
import { itemDecisions, items } from './schema.ts';

/** An active listing's last change was an admin's approval or enabling: nobody edited it since (edits set updated_date). */
const approvedAsItStands = sql`(${items.decidedAt} is not null and (${items.updatedDate} is null or ${items.updatedDate} <= ${items.decidedAt}))`;

/** What each decision does: the new status, whether it needs a reason, and the event it publishes. */
const DECISIONS = {
  approve: { status: ITEM_STATUS.active, needsReason: false, event: 'item.approved' },
  reject: { status: ITEM_STATUS.rejected, needsReason: true, event: 'item.rejected' },
  disable: { status: ITEM_STATUS.disabled, needsReason: true, event: 'item.disabled' },
  enable: { status: ITEM_STATUS.active, needsReason: false, event: 'item.enabled' },
} as const;

/** The moderation queue and decisions (SPEC.md 6: admins approve, reject, disable and enable listings). */
export class ItemModeration {
  private readonly context: ItemsContext;

  constructor(context: ItemsContext) {
    this.context = context;
  }

  /** Items waiting for a decision first, then by last change; `status` narrows to one status. */
  async queue(
    viewer: ItemViewer,
    filter: { status: number | null },
    page: PageWindow,
    language: LanguageCode,
  ): Promise<Paged<ModerationItem>> {
    if (!canModerate(viewer)) throw forbidden();
    const { loader } = this.context;
    const rows = await loader.rows(
      {
        where: and(isNull(items.deletedAt), filter.status === null ? undefined : eq(items.status, filter.status)),
        orderBy: [
          sql`(${items.status} = ${ITEM_STATUS.pending}) desc`,
          sql`coalesce(${items.updatedDate}, ${items.addedDate}) desc`,
          desc(items.id),
        ],
        limit: page.limit + 1,
        offset: page.offset,
      },
      language,
      viewer.userId,
    );
    const [extras, reports] = await Promise.all([
      loader.extras(rows),
      this.context.openReportsOf(rows.map((row) => row.item.id)),
    ]);
    const memo = new LookupMemo(language);
    return toPage(
      rows.map((row) => ({
        ...presentItemDetail(row, extras, viewer, language, memo),
        open_reports: reports[row.item.id] ?? [],
      })),
      page.limit,
      page.offset,
    );
  }

  /**
   * Takes an active listing out of public view until an admin decides (enough people reported it): it goes back
   * to pending, first in the queue. With `keepApproved` (an admin already dismissed reports of it), a listing
   * whose last change was an admin's approval stays: reports cannot hide it again until its owner edits it, an
   * admin reads them instead. Answers whether it was held.
   */
  async holdForReview(itemId: string, { keepApproved }: { keepApproved: boolean }): Promise<boolean> {
    const { db, events } = this.context;
    return events.transaction(db, async (tx, publish) => {
      const [held] = await tx
        .update(items)
        .set({ status: ITEM_STATUS.pending, updatedDate: new Date() })
        .where(
          and(
            eq(items.id, itemId),
            eq(items.status, ITEM_STATUS.active),
            isNull(items.deletedAt),
            keepApproved ? not(approvedAsItStands) : undefined,
          ),
        )
        .returning({ ownerId: items.addedUserId });
      if (held) publish('item.heldForReview', { itemId, ownerId: held.ownerId });
      return Boolean(held);
    });
  }

  /**
   * One decision for many listings (the queue's selection): each is decided on its own, so a listing deleted
   * meanwhile is skipped without undoing the others. Answers which were decided and which were not found.
   */
  async decideMany(
    viewer: ItemViewer,
    itemIds: string[],
    decision: ModerationDecision,
    reason: string | null,
    language: LanguageCode = DEFAULT_LANGUAGE,
  ): Promise<{ decided: string[]; skipped: string[] }> {
    if (!canModerate(viewer)) throw forbidden();
    if (DECISIONS[decision].needsReason && !reason?.trim()) {
      throw badRequest('validation.required', { field: translate(language, 'fields.reason') });
    }
    const decided: string[] = [];
    const skipped: string[] = [];
    for (const itemId of new Set(itemIds)) {
      const done = await this.decide(viewer, itemId, decision, reason, language).then(
        () => true,
        (error: unknown) => {
          if (isAppError(error) && error.status === 404) return false;
          throw error;
        },
      );
      (done ? decided : skipped).push(itemId);
    }
    return { decided, skipped };
  }

  /** Applies the decision, records who took it and when, and tells the owner (events). */
  async decide(
    viewer: ItemViewer,
    itemId: string,
    decision: ModerationDecision,
    reason: string | null,
    language: LanguageCode = DEFAULT_LANGUAGE,
  ): Promise<void> {
    if (!canModerate(viewer)) throw forbidden();
    const { db, events } = this.context;
    const rule = DECISIONS[decision];
    const why = reason?.trim() || null;
    if (rule.needsReason && !why)
      throw badRequest('validation.required', { field: translate(language, 'fields.reason') });
    const current = await existingItem(db, itemId);
    const decidedAt = new Date();
    await events.transaction(db, async (tx, publish) => {
      await tx
        .update(items)
        .set({
          status: rule.status,
          rejectReason: rule.needsReason ? why : null,
          decidedById: viewer.userId,
          decidedAt,
          // Approved or enabled, a listing starts a new lifetime (lifetime.ts).
          ...(rule.status === ITEM_STATUS.active && current.status !== ITEM_STATUS.active
            ? { renewedAt: this.context.clock.now(), expiryNoticeSent: false }
            : {}),
        })
        .where(eq(items.id, itemId));
      await tx.insert(itemDecisions).values({ itemId, decision, reason: why, adminId: viewer.userId, decidedAt });
      recordOperatorAction(publish, {
        ...{ actorId: viewer.userId, action: `item.${decision}`, subjectType: 'item', subjectId: itemId },
        before: { status: current.status },
        after: { status: rule.status, reject_reason: rule.needsReason ? why : null },
      });
      publish(rule.event, {
        itemId,
        ownerId: current.addedUserId,
        adminId: viewer.userId,
        at: decidedAt.toISOString(),
        ...(why ? { reason: why } : {}),
      });
    });
  }
}

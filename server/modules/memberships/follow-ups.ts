import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../kernel/clock.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { PaymentEvent } from '../payments/index.ts';
import type { UsersService } from '../users/index.ts';
import { memberships } from './schema.ts';

interface FollowUpContext {
  db: Db;
  events: EventBus;
  clock: Clock;
  users: Pick<UsersService, 'setMembershipUntil'>;
}

const DAY_MS = 86_400_000;
const isMembership = (payment: PaymentEvent) => payment.purpose === 'membership';

/**
 * What a membership payment's money means (durable follow-ups of the payment's change): paid, the membership
 * starts where the member's current one ends (or now) and the account is a member until its end; failed, it is
 * cancelled; refunded, its days are taken back.
 */
export function registerMembershipFollowUps(context: FollowUpContext) {
  const { events } = context;
  events.onCommitted('payment.succeeded', 'memberships.start', (payment) => started(context, payment), {
    when: isMembership,
  });
  events.onCommitted('payment.failed', 'memberships.cancel', (payment) => ended(context, payment, 'cancelled'), {
    when: isMembership,
  });
  events.onCommitted('payment.refunded', 'memberships.refund', (payment) => ended(context, payment, 'refunded'), {
    when: isMembership,
  });
}

async function started(context: FollowUpContext, payment: PaymentEvent) {
  await context.db.transaction(async (tx) => {
    await lockMember(tx, payment.userId);
    const [membership] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.paymentId, payment.paymentId), inArray(memberships.status, ['pending', 'cancelled'])));
    if (!membership) return;
    const now = context.clock.now();
    const current = await latestEnd(tx, payment.userId, now);
    const start = current && current > now ? current : now;
    const end = new Date(start.getTime() + membership.durationDays * DAY_MS);
    await tx
      .update(memberships)
      .set({ status: 'active', startDate: start, endDate: end })
      .where(eq(memberships.id, membership.id));
    await context.users.setMembershipUntil(tx, payment.userId, end);
  });
}

async function ended(context: FollowUpContext, payment: PaymentEvent, status: 'cancelled' | 'refunded') {
  await context.db.transaction(async (tx) => {
    await lockMember(tx, payment.userId);
    const changed = await tx
      .update(memberships)
      .set({ status })
      .where(
        and(
          eq(memberships.paymentId, payment.paymentId),
          inArray(memberships.status, status === 'cancelled' ? ['pending'] : ['active', 'pending']),
        ),
      )
      .returning({ id: memberships.id });
    if (changed.length === 0 || status === 'cancelled') return;
    const now = context.clock.now();
    await context.users.setMembershipUntil(tx, payment.userId, await latestEnd(tx, payment.userId, now));
  });
}

/** Two of one member's memberships never start or end at once (their days are chained). */
const lockMember = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`memberships:${userId}`}))`);

async function latestEnd(tx: Tx, userId: string, now: Date) {
  const [row] = await tx
    .select({ endDate: memberships.endDate })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active'), sql`${memberships.endDate} > ${now}`))
    .orderBy(sql`${memberships.endDate} desc nulls last`)
    .limit(1);
  return row?.endDate ?? null;
}

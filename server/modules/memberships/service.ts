import { desc, eq } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Membership, MembershipBuy, MembershipOptions, MembershipStart } from '../../../contract/memberships.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { decimalText, inCurrencyDecimals, minorAmount, type PaymentsService, payerChoice } from '../payments/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UsersService } from '../users/index.ts';
import { memberships } from './schema.ts';

export interface MembershipsDependencies {
  db: Db;
  events: EventBus;
  settings: SettingsService;
  payments: PaymentsService;
  users: Pick<UsersService, 'rowsOf'>;
  clock: Clock;
}

type MembershipRow = typeof memberships.$inferSelect;

/**
 * Membership (SPEC.md 1, 3; issue 23): its price and days from the settings, bought with any enabled method; it
 * starts once its payment is verified (follow-ups.ts) and adds its days after the member's current ones.
 */
export class MembershipsService {
  private readonly context: MembershipsDependencies;

  constructor(context: MembershipsDependencies) {
    this.context = context;
  }

  async options(viewer: Viewer, language: LanguageCode): Promise<MembershipOptions> {
    const { settings, payments } = this.context;
    const [money, limits, upkeep] = await Promise.all([
      settings.paymentSettings(),
      settings.accountLimits(),
      settings.upkeepRules(),
    ]);
    const methods = await payments.enabledMethods(money);
    const plan = await this.plan();
    return {
      days: plan.days,
      amount: decimalText(plan.amount),
      currency: plan.amount.currency,
      listings_per_day: limits.memberListingsPerDay,
      free_bumps: upkeep.freeBumpDays > 0 ? upkeep.memberFreeBumps : 0,
      bump_days: upkeep.freeBumpDays,
      methods,
      offline_methods: methods.includes('offline') ? await payments.offlineMethods(language) : [],
      member_until: (await this.memberUntil(viewer.userId))?.toISOString() ?? null,
    };
  }

  /** Starts buying the membership; it becomes active once the payment is verified. */
  async buy(viewer: Viewer, input: MembershipBuy, language: LanguageCode): Promise<MembershipStart> {
    const plan = await this.plan();
    if (plan.amount.minor <= 0n || plan.days <= 0) throw new AppError(409, 'api.membershipOff');
    const { db, events, payments } = this.context;
    await payments.countStart(viewer.userId);
    const bought = await events.transaction(db, async (tx, publish) => {
      const { row: payment, created } = await payments.create(tx, publish, {
        userId: viewer.userId,
        purpose: 'membership',
        itemId: null,
        amount: plan.amount,
        quantity: 1,
        ...payerChoice(input),
      });
      if (!created) return { payment, membership: await this.ofPayment(tx, payment.id) };
      const [membership] = await tx
        .insert(memberships)
        .values({
          userId: viewer.userId,
          amount: decimalText(plan.amount),
          currency: plan.amount.currency,
          durationDays: plan.days,
          paymentId: payment.id,
        })
        .returning();
      return { payment, membership };
    });
    if (!bought.membership) throw new AppError(409, 'api.paymentKeyReused');
    const started = await payments.begin(bought.payment, `Souk: membership, ${plan.days} days`, language);
    const membership = (await this.ofPayment(db, bought.payment.id)) ?? bought.membership;
    return { membership: present(membership), payment: started };
  }

  /** The viewer's memberships, the latest first. */
  async history(viewer: Viewer): Promise<Membership[]> {
    const rows = await this.context.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, viewer.userId))
      .orderBy(desc(memberships.addedDate), desc(memberships.id))
      .limit(50);
    return rows.map(present);
  }

  private async plan() {
    const plan = await this.context.settings.membershipPlan();
    return { days: plan.days, amount: minorAmount(plan.amount, 1, plan.currency) };
  }

  private async memberUntil(userId: string) {
    const account = (await this.context.users.rowsOf([userId])).get(userId);
    const until = account?.membershipExpiresAt ?? null;
    return until && until > this.context.clock.now() ? until : null;
  }

  private async ofPayment(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], paymentId: string) {
    const [row] = await db.select().from(memberships).where(eq(memberships.paymentId, paymentId));
    return row;
  }
}

function present(row: MembershipRow): Membership {
  return {
    id: row.id,
    status: row.status as Membership['status'],
    days: row.durationDays,
    amount: inCurrencyDecimals(row.amount, row.currency || 'SAR'),
    currency: row.currency,
    start_date: row.startDate?.toISOString() ?? null,
    end_date: row.endDate?.toISOString() ?? null,
    payment_id: row.paymentId,
  };
}

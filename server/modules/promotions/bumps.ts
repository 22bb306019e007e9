import { and, count, eq, gt, inArray, min, sql } from 'drizzle-orm';
import { ITEM_STATUS } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Bump, BumpInput, BumpResult, ListingUpkeep } from '../../../contract/listing-upkeep.ts';
import type { PaymentMethod } from '../../../contract/payments.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db, DbOrTx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { ItemsService, Lifetime } from '../items/index.ts';
import { decimalText, inCurrencyDecimals, minorAmount, type PaymentsService, payerChoice } from '../payments/index.ts';
import type { SettingsService, UpkeepRules } from '../settings/index.ts';
import type { UsersService } from '../users/index.ts';
import { itemBumps } from './schema.ts';

export interface BumpDependencies {
  db: Db;
  events: EventBus;
  settings: SettingsService;
  payments: PaymentsService;
  items: Pick<ItemsService, 'lifetimeOf' | 'bump' | 'titlesOf'>;
  users: Pick<UsersService, 'rowsOf'>;
  clock: Clock;
  logger: { warn(details: object, message: string): void };
}

type BumpRow = typeof itemBumps.$inferSelect;

const DAY_MS = 86_400_000;
/** An in-app product buys days of promotion; a bump has its own price, so it is paid another way. */
const BUMP_METHODS = (methods: PaymentMethod[]) =>
  methods.filter((method): method is BumpMethod => method !== 'In_App_Purchase');
type BumpMethod = Exclude<PaymentMethod, 'In_App_Purchase'>;

/**
 * Bumps to the top of "Latest" (issue 23): one free per listing in each period (a member's number of them when
 * the operator sets one), paid beyond it when the operator sells them; a paid one is done once its payment is
 * verified (follow-ups.ts). Only the owner of an active, unsold listing bumps it.
 */
export class BumpService {
  private readonly context: BumpDependencies;

  constructor(context: BumpDependencies) {
    this.context = context;
  }

  /** What the owner can do to keep the listing seen: its expiry and renewal, free bumps left, a bump's price. */
  async upkeep(viewer: Viewer, itemId: string, language: LanguageCode): Promise<ListingUpkeep> {
    const lifetime = await this.ownListing(viewer, itemId);
    const { settings, payments } = this.context;
    const rules = await settings.upkeepRules();
    const free = await this.freeBumps(this.context.db, viewer, itemId, rules);
    const methods = BUMP_METHODS(await payments.enabledMethods());
    const price = this.price(rules);
    return {
      item_id: itemId,
      status: lifetime.status,
      expires_at: lifetime.expiresAt?.toISOString() ?? null,
      renewable: lifetime.renewable,
      bumped_at: lifetime.bumpedAt?.toISOString() ?? null,
      free_bump_days: Math.max(rules.freeBumpDays, 0),
      free_bumps_left: free.left,
      next_free_bump_at: free.left > 0 ? null : (free.nextAt?.toISOString() ?? null),
      bump_amount: decimalText(price),
      currency: price.currency,
      methods: price.minor > 0n ? methods : [],
      offline_methods: price.minor > 0n && methods.includes('offline') ? await payments.offlineMethods(language) : [],
    };
  }

  /** A free bump at once while one is left; otherwise a paid one, started with the chosen method. */
  async bump(viewer: Viewer, itemId: string, input: BumpInput, language: LanguageCode): Promise<BumpResult> {
    const lifetime = await this.ownListing(viewer, itemId);
    if (lifetime.status !== ITEM_STATUS.active || lifetime.isSoldOut) throw new AppError(409, 'api.bumpNotActive');
    const rules = await this.context.settings.upkeepRules();
    if (rules.freeBumpDays <= 0) throw new AppError(409, 'api.bumpsOff');
    const free = await this.bumpFree(viewer, itemId, rules);
    if (free) return { bump: present(free), payment: null };
    return this.bumpPaid(viewer, itemId, input, rules, language);
  }

  /**
   * The paid bump of a verified payment: the listing moves up now (a durable follow-up of the payment). A listing
   * sold, expired or deleted while the payment waited is not moved: the bump is cancelled and the operator is
   * told to refund it.
   */
  async paid(paymentId: string): Promise<void> {
    const { db, events, items, clock } = this.context;
    const undelivered = await events.transaction(db, async (tx, publish) => {
      const [row] = await tx
        .select()
        .from(itemBumps)
        .where(
          and(
            eq(itemBumps.paymentId, paymentId),
            inArray(itemBumps.status, ['awaiting_payment', 'waiting_approval', 'cancelled']),
          ),
        )
        .for('update');
      if (!row) return null;
      const now = clock.now();
      const moved = await items.bump(tx, publish, row.itemId, now);
      await tx
        .update(itemBumps)
        .set(moved ? { status: 'done', bumpedAt: now } : { status: 'cancelled' })
        .where(eq(itemBumps.id, row.id));
      return moved ? null : row;
    });
    if (undelivered) {
      this.context.logger.warn(
        { paymentId, itemId: undelivered.itemId },
        'a paid bump could not move its listing (no longer active): refund the payment',
      );
    }
  }

  /** A paid bump whose payment failed (or an operator refused) is cancelled. */
  async cancelled(paymentId: string): Promise<void> {
    await this.context.db
      .update(itemBumps)
      .set({ status: 'cancelled' })
      .where(
        and(eq(itemBumps.paymentId, paymentId), inArray(itemBumps.status, ['awaiting_payment', 'waiting_approval'])),
      );
  }

  private async bumpFree(viewer: Viewer, itemId: string, rules: UpkeepRules): Promise<BumpRow | null> {
    const { db, events, items, clock } = this.context;
    return events.transaction(db, async (tx, publish) => {
      // One free bump at a time per listing: two presses at once make one.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`item_bumps:${itemId}`}))`);
      const free = await this.freeBumps(tx, viewer, itemId, rules);
      if (free.left <= 0) return null;
      const now = clock.now();
      if (!(await items.bump(tx, publish, itemId, now))) throw new AppError(409, 'api.bumpNotActive');
      const [row] = await tx
        .insert(itemBumps)
        .values({
          itemId,
          userId: viewer.userId,
          kind: 'free',
          status: 'done',
          bumpedAt: now,
          currency: rules.currency,
        })
        .returning();
      return row ?? null;
    });
  }

  private async bumpPaid(
    viewer: Viewer,
    itemId: string,
    input: BumpInput,
    rules: UpkeepRules,
    language: LanguageCode,
  ): Promise<BumpResult> {
    const { db, events, payments } = this.context;
    const amount = this.price(rules);
    if (amount.minor <= 0n) throw new AppError(409, 'api.bumpNoneLeft');
    const method = BUMP_METHODS(await payments.enabledMethods()).find((each) => each === input.payment_method);
    if (!method) {
      throw new AppError(400, 'api.bumpNeedsPayment');
    }
    await payments.countStart(viewer.userId);
    const started = await events.transaction(db, async (tx, publish) => {
      const { row: payment, created } = await payments.create(tx, publish, {
        userId: viewer.userId,
        purpose: 'bump',
        itemId,
        amount,
        quantity: 1,
        ...payerChoice({ ...input, payment_method: method }),
      });
      if (!created) return { payment, bump: await this.ofPayment(tx, payment.id) };
      const [bump] = await tx
        .insert(itemBumps)
        .values({
          itemId,
          userId: viewer.userId,
          kind: 'paid',
          status: method === 'offline' ? 'waiting_approval' : 'awaiting_payment',
          amount: decimalText(amount),
          currency: amount.currency,
          paymentId: payment.id,
        })
        .returning();
      return { payment, bump };
    });
    if (!started.bump) throw new AppError(409, 'api.paymentKeyReused');
    const title = (await this.context.items.titlesOf([itemId])).get(itemId) ?? '';
    const payment = await payments.begin(started.payment, `Souk bump: ${title}`.slice(0, 200), language);
    const bump = (await this.ofPayment(db, started.payment.id)) ?? started.bump;
    return { bump: present(bump), payment };
  }

  /** The viewer's own listing (404 for anyone else's: its upkeep is nobody else's business). */
  private async ownListing(viewer: Viewer, itemId: string): Promise<Lifetime> {
    const lifetime = await this.context.items.lifetimeOf(itemId);
    if (!lifetime || lifetime.ownerId !== viewer.userId) throw new AppError(404, 'api.itemNotFound');
    return lifetime;
  }

  private price(rules: UpkeepRules) {
    const price = /^\d/.test(rules.bumpPrice) ? rules.bumpPrice : '0';
    return minorAmount(price, 1, rules.currency);
  }

  /** Free bumps of this listing left in the period, and when the next one comes when none is. */
  private async freeBumps(db: DbOrTx, viewer: Viewer, itemId: string, rules: UpkeepRules) {
    if (rules.freeBumpDays <= 0) return { left: 0, nextAt: null };
    const periodMs = rules.freeBumpDays * DAY_MS;
    const now = this.context.clock.now();
    const [used] = await db
      .select({ count: count(), oldest: min(itemBumps.bumpedAt) })
      .from(itemBumps)
      .where(
        and(
          eq(itemBumps.itemId, itemId),
          eq(itemBumps.kind, 'free'),
          eq(itemBumps.status, 'done'),
          gt(itemBumps.bumpedAt, new Date(now.getTime() - periodMs)),
        ),
      );
    const allowed = (await this.isMember(viewer.userId, now)) && rules.memberFreeBumps > 0 ? rules.memberFreeBumps : 1;
    const left = Math.max(allowed - (used?.count ?? 0), 0);
    const oldest = used?.oldest ?? null;
    return { left, nextAt: oldest ? new Date(oldest.getTime() + periodMs) : null };
  }

  private async isMember(userId: string, now: Date) {
    const until = (await this.context.users.rowsOf([userId])).get(userId)?.membershipExpiresAt ?? null;
    return until !== null && until > now;
  }

  private async ofPayment(db: DbOrTx, paymentId: string) {
    const [row] = await db.select().from(itemBumps).where(eq(itemBumps.paymentId, paymentId));
    return row;
  }
}

function present(row: BumpRow): Bump {
  return {
    id: row.id,
    item_id: row.itemId,
    kind: row.kind as Bump['kind'],
    status: row.status as Bump['status'],
    amount: inCurrencyDecimals(row.amount, row.currency || 'SAR'),
    currency: row.currency,
    bumped_at: row.bumpedAt?.toISOString() ?? null,
    payment_id: row.paymentId,
  };
}

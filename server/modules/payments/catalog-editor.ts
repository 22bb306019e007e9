import { asc, desc, eq } from 'drizzle-orm';
import { utcDayEnd, utcDayStart } from '../../../contract/date-time.ts';
import type {
  ConsoleCoupon,
  ConsoleOfflineMethod,
  CouponEdit,
  OfflineMethodEdit,
} from '../../../contract/payment-catalog.ts';
import { type Db, isUniqueViolation } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { inCurrencyDecimals } from './money.ts';
import { coupons, offlinePaymentMethods } from './schema.ts';

interface Asker {
  userId: string;
  isAdmin: boolean;
}

type CouponRow = typeof coupons.$inferSelect;
type MethodRow = typeof offlinePaymentMethods.$inferSelect;

/** The console lists at most this many coupons, the latest first: campaigns come and go. */
const COUPONS_SHOWN = 200;

/**
 * The console's money lists (issue 24): offline payment methods and coupons, every change in the audit log.
 * Neither is ever deleted (payments name them): an operator hides a method or switches a coupon off.
 */
export class PaymentCatalogEditor {
  private readonly db: Db;
  private readonly events: EventBus;

  constructor(db: Db, events: EventBus) {
    this.db = db;
    this.events = events;
  }

  async offlineMethods(asker: Asker): Promise<ConsoleOfflineMethod[]> {
    refuseUnlessAdmin(asker);
    const rows = await this.db
      .select()
      .from(offlinePaymentMethods)
      .orderBy(asc(offlinePaymentMethods.ordering), asc(offlinePaymentMethods.id));
    return rows.map(presentMethod);
  }

  async offlineMethod(asker: Asker, methodId: number): Promise<ConsoleOfflineMethod> {
    refuseUnlessAdmin(asker);
    const [row] = await this.db.select().from(offlinePaymentMethods).where(eq(offlinePaymentMethods.id, methodId));
    if (!row) throw notFound('console.offlineMethods.notFound');
    return presentMethod(row);
  }

  /** Adds a method (`methodId` null) or changes one. */
  async saveOfflineMethod(asker: Asker, methodId: number | null, edit: OfflineMethodEdit) {
    refuseUnlessAdmin(asker);
    return this.events.transaction(this.db, async (tx, publish) => {
      const table = offlinePaymentMethods;
      const [before] = methodId ? await tx.select().from(table).where(eq(table.id, methodId)).for('update') : [];
      if (methodId && !before) throw notFound('console.offlineMethods.notFound');
      const values = methodColumns(edit);
      const [saved] = methodId
        ? await tx.update(table).set(values).where(eq(table.id, methodId)).returning()
        : await tx.insert(table).values(values).returning();
      if (!saved) throw new Error('offline method not saved');
      const after = presentMethod(saved);
      record(publish, asker, {
        ...{ action: `offline_method.${before ? 'update' : 'create'}`, subjectId: `offline-method:${saved.id}` },
        ...{ before: before ? presentMethod(before) : null, after },
      });
      return after;
    });
  }

  async coupons(asker: Asker): Promise<ConsoleCoupon[]> {
    refuseUnlessAdmin(asker);
    const rows = await this.db.select().from(coupons).orderBy(desc(coupons.id)).limit(COUPONS_SHOWN);
    return rows.map(presentCoupon);
  }

  async coupon(asker: Asker, couponId: number): Promise<ConsoleCoupon> {
    refuseUnlessAdmin(asker);
    const [row] = await this.db.select().from(coupons).where(eq(coupons.id, couponId));
    if (!row) throw notFound('console.coupons.notFound');
    return presentCoupon(row);
  }

  /** Adds a coupon (`couponId` null) or changes one; its uses so far stay. A code is one coupon's: 409. */
  async saveCoupon(asker: Asker, couponId: number | null, edit: CouponEdit): Promise<ConsoleCoupon> {
    refuseUnlessAdmin(asker);
    return this.events
      .transaction(this.db, async (tx, publish) => {
        const [before] = couponId ? await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update') : [];
        if (couponId && !before) throw notFound('console.coupons.notFound');
        const values = couponColumns(edit);
        const [saved] = couponId
          ? await tx.update(coupons).set(values).where(eq(coupons.id, couponId)).returning()
          : await tx.insert(coupons).values(values).returning();
        if (!saved) throw new Error('coupon not saved');
        const after = presentCoupon(saved);
        record(publish, asker, {
          ...{ action: `coupon.${before ? 'update' : 'create'}`, subjectId: `coupon:${saved.id}` },
          ...{ before: before ? presentCoupon(before) : null, after },
        });
        return after;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError(409, 'console.coupons.codeTaken') : error;
      });
  }
}

function methodColumns(edit: OfflineMethodEdit) {
  const filled = (texts: Record<string, string>) =>
    Object.fromEntries(Object.entries(texts).filter(([, text]) => text));
  return {
    ...{ titles: filled(edit.titles), descriptions: filled(edit.descriptions), icon: edit.icon },
    ...{ ordering: edit.ordering, status: edit.is_published ? 1 : 0 },
  };
}

function presentMethod(row: MethodRow): ConsoleOfflineMethod {
  return {
    id: row.id,
    titles: row.titles,
    descriptions: row.descriptions,
    icon: row.icon as ConsoleOfflineMethod['icon'],
    ordering: row.ordering,
    is_published: row.status === 1,
  };
}

/** A percent coupon keeps no amount and an amount coupon no percent: `discountOf` reads the percent first. */
function couponColumns(edit: CouponEdit) {
  const percent = edit.kind === 'percent';
  return {
    code: edit.code,
    discountPercent: percent ? edit.discount_percent : '0',
    discountAmount: percent ? '0' : edit.discount_amount,
    currency: percent ? '' : edit.currency,
    validFrom: edit.valid_from ? utcDayStart(edit.valid_from) : null,
    validUntil: edit.valid_until ? utcDayEnd(edit.valid_until) : null,
    maxUses: edit.max_uses ?? null,
    maxUsesPerUser: edit.max_uses_per_user ?? null,
    status: edit.is_published ? 1 : 0,
  };
}

function presentCoupon(row: CouponRow): ConsoleCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: Number(row.discountPercent) > 0 ? 'percent' : 'amount',
    discount_percent: row.discountPercent,
    discount_amount: row.currency ? inCurrencyDecimals(row.discountAmount, row.currency) : row.discountAmount,
    currency: row.currency,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_user: row.maxUsesPerUser,
    used_count: row.usedCount,
    is_published: row.status === 1,
    added_date: row.addedDate.toISOString(),
  };
}

function record(
  publish: Publish,
  asker: Asker,
  entry: { action: string; subjectId: string; before: object | null; after: object },
) {
  recordOperatorAction(publish, {
    ...{ actorId: asker.userId, action: entry.action, subjectType: 'payment', subjectId: entry.subjectId },
    ...{ before: entry.before as Record<string, unknown> | null, after: entry.after as Record<string, unknown> },
  });
}

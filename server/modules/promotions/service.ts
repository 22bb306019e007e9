import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { VALIDATION } from '../../../contract/fields.ts';
import { formatDateTime } from '../../../contract/format.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { ConsolePaidAdFilter } from '../../../contract/payment-catalog-basics.ts';
import type { CouponDiscount } from '../../../contract/payments.ts';
import {
  type ConsolePaidAd,
  type PaidAd,
  PROMOTION_MAX_LEAD_DAYS,
  PROMOTION_PACKAGES,
  type PromoteInput,
  type PromotionOptions,
  type PromotionStart,
} from '../../../contract/promotions.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import { refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import type { ItemsService } from '../items/index.ts';
import { decimalText, minorAmount, type PaymentsService, payerChoice } from '../payments/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { advancePaidAds } from './clock-job.ts';
import { presentPaidAd } from './presenter.ts';
import { paidAds } from './schema.ts';

export interface PromotionsDependencies {
  db: Db;
  events: EventBus;
  settings: SettingsService;
  payments: PaymentsService;
  items: Pick<ItemsService, 'findAccess' | 'setPromoted' | 'titlesOf'>;
  clock: Clock;
}

export const ADVANCE_JOB = 'promotions.advance';

declare module '../../kernel/jobs.ts' {
  interface JobPayloads {
    'promotions.advance': Record<string, never>;
  }
}

/** A paid ad still holding its days (waiting for money, for an operator, for its start, or running). */
const HOLDING = sql`(${paidAds.status} in ('waiting_approval', 'paid') or (${paidAds.status} = 'awaiting_payment' and ${paidAds.addedDate} > now() - interval '1 hour'))`;
/** A start a minute ago is still "now": the dialog's clock and ours differ a little. */
const START_GRACE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

const itemNotFound = () => new AppError(404, 'api.itemNotFound');
const invalidDate = () => new AppError(400, VALIDATION.promotionDate);

/**
 * Paid promotion of a listing (SPEC.md 2, 4, 9; issue 23): packages priced from the one-day price, paid by any
 * enabled method, started and ended by the clock job, never by a comparison of dates at read time.
 */
export class PromotionsService {
  private readonly context: PromotionsDependencies;

  constructor(context: PromotionsDependencies) {
    this.context = context;
  }

  /** What the Promote dialog offers the owner of `itemId`. */
  async options(viewer: Viewer, itemId: string, language: LanguageCode): Promise<PromotionOptions> {
    await this.ownActiveItem(viewer, itemId);
    const settings = await this.context.settings.paymentSettings();
    const methods = await this.context.payments.enabledMethods(settings);
    return {
      item_id: itemId,
      packages: this.packages(settings.oneDayPrice, settings.currency),
      methods,
      offline_methods: methods.includes('offline') ? await this.context.payments.offlineMethods(language) : [],
      booked_until: (await this.bookedUntil(itemId))?.toISOString() ?? null,
    };
  }

  /** Books a paid ad and starts its payment; the ad runs only once the payment is verified (follow-ups below). */
  async promote(viewer: Viewer, input: PromoteInput, language: LanguageCode): Promise<PromotionStart> {
    await this.ownActiveItem(viewer, input.item_id);
    const start = this.validStart(input.start_date);
    const settings = await this.context.settings.paymentSettings();
    if (!/^\d/.test(settings.oneDayPrice) || minorAmount(settings.oneDayPrice, 1, settings.currency).minor <= 0n)
      throw new AppError(409, 'api.promotionsOff');
    await this.context.payments.countStart(viewer.userId);
    const amount = minorAmount(settings.oneDayPrice, input.days, settings.currency);
    const end = new Date(start.getTime() + input.days * DAY_MS);
    const booked = await this.context.events.transaction(this.context.db, async (tx, publish) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`paid_ads:${input.item_id}`}))`);
      const { row: payment, created } = await this.context.payments.create(tx, publish, {
        userId: viewer.userId,
        purpose: 'promotion',
        itemId: input.item_id,
        amount,
        quantity: input.days,
        ...payerChoice(input),
      });
      if (!created) return { payment, ad: await this.adOfPayment(tx, payment.id) };
      await this.refuseOverlap(tx, input.item_id, { start, end }, language);
      const [ad] = await tx
        .insert(paidAds)
        .values({
          itemId: input.item_id,
          userId: viewer.userId,
          packageType: input.days === 1 ? 2 : 1,
          days: input.days,
          startDate: start,
          endDate: end,
          amount: payment.amount,
          currency: payment.currency,
          paymentMethod: input.payment_method,
          paymentId: payment.id,
          status: input.payment_method === 'offline' ? 'waiting_approval' : 'awaiting_payment',
        })
        .returning();
      return { payment, ad };
    });
    if (!booked.ad) throw new AppError(409, 'api.paymentKeyReused');
    const title = (await this.context.items.titlesOf([input.item_id])).get(input.item_id) ?? '';
    const started = await this.context.payments.begin(booked.payment, `Souk: ${title}`.slice(0, 200), language);
    const ad = (await this.adOfPayment(this.context.db, booked.payment.id)) ?? booked.ad;
    return { paid_ad: presentPaidAd(ad, title, language), payment: started };
  }

  /** SPEC.md 7 "coupon check": what a coupon takes off a package of `days`. */
  async checkCoupon(viewer: Viewer, input: { coupon_code: string; days: number }): Promise<CouponDiscount> {
    const settings = await this.context.settings.paymentSettings();
    const listed = minorAmount(settings.oneDayPrice, input.days, settings.currency);
    const priced = await this.context.payments.checkCoupon(viewer, input.coupon_code, listed);
    return {
      coupon_code: priced.code,
      discount: decimalText(priced.discount),
      amount: decimalText(priced.amount),
      currency: priced.amount.currency,
    };
  }

  /** The owner's paid ads, the latest first (SPEC.md 2 /paid-items). */
  async paidAds(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<PaidAd>> {
    const rows = await this.context.db
      .select()
      .from(paidAds)
      .where(eq(paidAds.userId, viewer.userId))
      .orderBy(desc(paidAds.addedDate), desc(paidAds.id))
      .limit(page.limit + 1)
      .offset(page.offset);
    const titles = await this.context.items.titlesOf(rows.map((row) => row.itemId));
    const ads = rows.map((row) => presentPaidAd(row, titles.get(row.itemId) ?? '', language));
    return toPage(ads, page.limit, page.offset);
  }

  /**
   * The console's paid ads (issue 24): those running now, the soonest to end first (paid_ads_ending_idx), or all,
   * the latest first; each with its buyer.
   */
  async operatorPaidAds(
    asker: Viewer,
    filter: ConsolePaidAdFilter,
    page: PageWindow,
    language: LanguageCode,
  ): Promise<Paged<ConsolePaidAd>> {
    refuseUnlessAdmin(asker);
    const running = filter === 'running';
    const rows = await this.context.db
      .select()
      .from(paidAds)
      .where(running ? eq(paidAds.phase, 'running') : undefined)
      .orderBy(...(running ? [asc(paidAds.endDate), asc(paidAds.id)] : [desc(paidAds.id)]))
      .limit(page.limit + 1)
      .offset(page.offset);
    const titles = await this.context.items.titlesOf(rows.map((row) => row.itemId));
    const ads = rows.map((row) => ({
      ...presentPaidAd(row, titles.get(row.itemId) ?? '', language),
      user_id: row.userId,
    }));
    return toPage(ads, page.limit, page.offset);
  }

  /** The clock job: starts and ends paid ads at the clock's now. */
  advance() {
    return advancePaidAds(
      this.context.db,
      this.context.events,
      this.context.items.setPromoted,
      this.context.clock.now(),
    );
  }

  async scheduleJobs(jobs: JobQueue) {
    jobs.work(ADVANCE_JOB, async () => {
      await this.advance();
    });
    await jobs.every(ADVANCE_JOB, '* * * * *');
  }

  private packages(oneDayPrice: string, currency: string) {
    const valid = /^\d+(\.\d+)?$/.test(oneDayPrice);
    return PROMOTION_PACKAGES.map((entry) => ({
      type: entry.type,
      days: entry.days,
      amount: valid ? decimalText(minorAmount(oneDayPrice, entry.days, currency)) : '0',
      currency: currency.toUpperCase(),
    }));
  }

  private validStart(text: string) {
    const start = new Date(text);
    const now = this.context.clock.now().getTime();
    if (Number.isNaN(start.getTime())) throw invalidDate();
    if (start.getTime() < now - START_GRACE_MS || start.getTime() > now + PROMOTION_MAX_LEAD_DAYS * DAY_MS)
      throw invalidDate();
    return new Date(Math.max(start.getTime(), now));
  }

  private async ownActiveItem(viewer: Viewer, itemId: string) {
    const item = await this.context.items.findAccess(itemId);
    if (!item || item.deletedAt || item.addedUserId !== viewer.userId) throw itemNotFound();
    if (item.status !== 1 || item.isSoldOut) throw new AppError(409, 'api.promotionItemNotActive');
  }

  private async refuseOverlap(
    tx: Tx,
    itemId: string,
    { start, end }: { start: Date; end: Date },
    language: LanguageCode,
  ) {
    const [clash] = await tx
      .select({ endDate: paidAds.endDate })
      .from(paidAds)
      .where(and(eq(paidAds.itemId, itemId), HOLDING, gt(paidAds.endDate, start), sql`${paidAds.startDate} < ${end}`))
      .orderBy(desc(paidAds.endDate))
      .limit(1);
    if (clash)
      throw new AppError(409, 'api.promotionOverlaps', { values: { until: formatDateTime(clash.endDate, language) } });
  }

  private async bookedUntil(itemId: string) {
    const [row] = await this.context.db
      .select({ endDate: paidAds.endDate })
      .from(paidAds)
      .where(and(eq(paidAds.itemId, itemId), HOLDING, gt(paidAds.endDate, sql`now()`)))
      .orderBy(desc(paidAds.endDate))
      .limit(1);
    return row?.endDate ?? null;
  }

  private async adOfPayment(db: Db | Tx, paymentId: string) {
    const [ad] = await db.select().from(paidAds).where(eq(paidAds.paymentId, paymentId));
    return ad;
  }
}

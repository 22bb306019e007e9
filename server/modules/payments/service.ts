import { and, asc, eq } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { PaymentMethodState } from '../../../contract/payment-catalog.ts';
import {
  type ConsolePaymentFilter,
  type OfflineMethod,
  PAYMENT_METHODS,
  type Payment,
  type PaymentMethod,
  type PaymentStart,
} from '../../../contract/payments.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import { localizedText } from '../../kernel/localized-text.ts';
import { refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import type { PaymentSettings, SettingsService } from '../settings/index.ts';
import type { CardWallet } from './card-wallet.ts';
import { PaymentCatalogEditor } from './catalog-editor.ts';
import { clientActionOf, isClientAction, type ProviderScripts, quantityOf } from './client-actions.ts';
import { couponDetails, priceWithCoupon, redeemCoupon } from './coupons.ts';
import { amountOf, createPayment, movePayment, type NewPayment, type PaymentRow, paymentOfKey } from './ledger.ts';
import { PaymentLists } from './payment-lists.ts';
import { type MinorAmount, type PaymentProvider, ProviderUnavailable } from './provider.ts';
import { SavedCards } from './saved-cards.ts';
import { offlinePaymentMethods, payments } from './schema.ts';
import { providerDown, Settlement } from './settlement.ts';

export interface PaymentsDependencies {
  db: Db;
  events: EventBus;
  settings: SettingsService;
  /** The configured adapters (a method without one is off whatever its flag says). */
  providers: Partial<Record<PaymentMethod, PaymentProvider>>;
  /** The providers' own browser scripts (Stripe.js, Razorpay's checkout). */
  scripts: ProviderScripts;
  /** Where payers reach the site (PUBLIC_URL): providers send them back here. */
  publicUrl: string;
  titlesOf: (itemIds: string[]) => Promise<Map<string, string>>;
  clock: Clock;
  /** Coupon checks per account: codes are not to be guessed. */
  couponChecks: Limiter;
  /** Payments one account may start in an hour: each may create an object at the provider. */
  paymentStarts: Limiter;
  /** The payer's e-mail (for providers that ask for one, Paystack, and their receipts) and name. */
  payerOf: (userId: string) => Promise<{ email: string | null; name: string }>;
  /** Where payers' saved cards are kept (absent: no card provider configured). */
  wallet?: CardWallet;
  createLimiter: LimiterFactory;
  logger: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

const RECONCILE_JOB = 'payments.reconcile';

declare module '../../kernel/jobs.ts' {
  interface JobPayloads {
    'payments.reconcile': Record<string, never>;
  }
}

const notFound = () => new AppError(404, 'api.paymentNotFound');
const methodOff = () => new AppError(400, 'api.paymentMethodOff');

/**
 * Money in (issue 23). A payment moves only by what its provider says when asked (or an operator, for an
 * offline one); a module that sells something (promotions, memberships) creates the payment inside its own
 * transaction and acts on `payment.succeeded` as a durable follow-up. Amounts come from the seller module,
 * computed from the settings; nothing a client sends is a price.
 */
export class PaymentsService {
  private readonly context: PaymentsDependencies;
  readonly lists: PaymentLists;
  readonly cards: SavedCards;
  /** The console's offline methods and coupons. */
  readonly catalog: PaymentCatalogEditor;
  private readonly settlement: Settlement;

  constructor(context: PaymentsDependencies) {
    this.context = context;
    this.lists = new PaymentLists(context.db, context.titlesOf);
    this.cards = new SavedCards({ ...context, wallet: context.wallet });
    this.catalog = new PaymentCatalogEditor(context.db, context.events);
    this.settlement = new Settlement(context);
  }

  receiveWebhook(method: PaymentMethod, body: Buffer, headers: Record<string, string | string[] | undefined>) {
    return this.settlement.receiveWebhook(method, body, headers);
  }

  reconcile() {
    return this.settlement.reconcile();
  }

  /** The methods a payer may choose now: flag on, keys set and, for offline, a method published. */
  async enabledMethods(settings?: PaymentSettings): Promise<PaymentMethod[]> {
    const current = settings ?? (await this.context.settings.paymentSettings());
    const { providers } = this.context;
    const takes = (method: PaymentMethod) => {
      const provider = providers[method];
      return (
        Boolean(provider) && (!provider?.currencies || provider.currencies.includes(current.currency.toUpperCase()))
      );
    };
    const flags: Array<[PaymentMethod, boolean]> = [
      ['stripe', current.stripeEnabled && current.stripePublishableKey !== '' && takes('stripe')],
      ['paypal', current.paypalEnabled && takes('paypal')],
      ['razor', current.razorEnabled && takes('razor')],
      ['paystack', current.paystackEnabled && takes('paystack')],
      ['In_App_Purchase', current.inAppPurchaseEnabled && takes('In_App_Purchase')],
      ['offline', current.offlineEnabled && (await this.hasOfflineMethod())],
    ];
    return flags.filter(([, on]) => on).map(([method]) => method);
  }

  /** Each method's keys and whether payers are offered it now, for the operator's settings (issue 24). */
  async methodStates(asker: Viewer): Promise<PaymentMethodState[]> {
    refuseUnlessAdmin(asker);
    const offered = await this.enabledMethods();
    return PAYMENT_METHODS.map((method) => ({
      method,
      keys_set: method === 'offline' || Boolean(this.context.providers[method]),
      offered: offered.includes(method),
    }));
  }

  /** The operator's offline methods (SPEC.md 7), in the reader's language, in the operator's order. */
  async offlineMethods(language: LanguageCode): Promise<OfflineMethod[]> {
    return this.context.db
      .select({
        id: offlinePaymentMethods.id,
        title: localizedText(offlinePaymentMethods.titles, language),
        description: localizedText(offlinePaymentMethods.descriptions, language),
        icon: offlinePaymentMethods.icon,
      })
      .from(offlinePaymentMethods)
      .where(eq(offlinePaymentMethods.status, 1))
      .orderBy(asc(offlinePaymentMethods.ordering), asc(offlinePaymentMethods.id));
  }

  /**
   * Stores a payment in the seller module's transaction. Refuses a method that is off, and an offline payment
   * without a published method. The same idempotency key again gives the first payment back.
   */
  async create(tx: Tx, publish: Publish, input: NewPayment & { couponCode?: string }) {
    const earlier = await paymentOfKey(tx, input.userId, input.idempotencyKey);
    if (earlier) return { row: earlier, created: false };
    if (!(await this.enabledMethods(await this.context.settings.paymentSettings(tx))).includes(input.method))
      throw methodOff();
    if (input.method === 'offline' && !(await this.isPublishedOfflineMethod(tx, input.offline?.methodId)))
      throw new AppError(400, 'api.offlineMethodUnknown');
    const discounted = input.couponCode
      ? await priceWithCoupon(tx, { ...input, code: input.couponCode, now: this.context.clock.now() }, { lock: true })
      : null;
    const created = await createPayment(tx, {
      ...input,
      ...(discounted ? { amount: discounted.amount, details: couponDetails(input.amount, discounted) } : {}),
    });
    if (!discounted || !created.created) return created;
    await redeemCoupon(tx, discounted, created.row.id, input.userId);
    if (discounted.amount.minor > 0n) return created;
    const paid = await movePayment(tx, publish, created.row.id, {
      to: 'succeeded',
      source: 'system',
      detail: { free: true },
    });
    return { row: paid ?? created.row, created: true };
  }

  /** Counts a payment an account is about to start; refuses (429) past the hourly limit. */
  countStart(userId: string) {
    return this.context.paymentStarts.consume(userId);
  }

  /** What a coupon would take off a price now (SPEC.md 7 "coupon check"); a few checks an hour per account. */
  async checkCoupon(viewer: Viewer, code: string, amount: MinorAmount) {
    await this.context.couponChecks.consume(viewer.userId);
    return priceWithCoupon(this.context.db, { code, userId: viewer.userId, amount, now: this.context.clock.now() });
  }

  /**
   * After the payment's transaction committed: asks its provider to start the charge (again, for a double
   * submit: the provider's idempotency gives the same charge back) and says what the payer does next.
   */
  async begin(row: PaymentRow, description: string, language: LanguageCode): Promise<PaymentStart> {
    if (row.method === 'offline')
      return { payment: await this.presented(row, language), action: await this.offlineAction(row, language) };
    const provider = this.providerOf(row.method);
    if (row.status !== 'created' && row.status !== 'requires_action')
      return { payment: await this.presented(row, language), action: { kind: 'none' } };
    const stored = row.details.client_action;
    if (row.status === 'requires_action' && isClientAction(stored))
      return { payment: await this.presented(row, language), action: await this.actionOf(row, stored) };
    let initiated: Awaited<ReturnType<PaymentProvider['initiate']>>;
    try {
      initiated = await provider.initiate({
        paymentId: row.id,
        amount: amountOf(row),
        description,
        payer: await this.payerOf(row),
        idempotencyKey: row.id,
        returnUrl: `${this.context.publicUrl}/payments/${row.id}?returned=1`,
        quantity: quantityOf(row),
      });
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      this.context.logger.warn(
        { reason: error.message, paymentId: row.id },
        'a payment provider did not start a charge',
      );
      // The payer never got to pay: what it was for is given back (a charge the provider made after all is still
      // honoured if it ever succeeds).
      await this.settlement.move(row.id, {
        to: 'failed',
        source: 'system',
        failureReason: 'The payment service did not answer',
      });
      throw providerDown();
    }
    const moved = await this.settlement.move(row.id, {
      to: 'requires_action',
      source: 'system',
      providerReference: initiated.providerReference,
      details: { client_action: initiated.clientAction },
    });
    const current = moved ?? (await this.row(row.id)) ?? row;
    return {
      payment: await this.presented(current, language),
      action: await this.actionOf(current, initiated.clientAction),
    };
  }

  /**
   * The payer came back from the provider: ask it how the payment stands, and say. `proof`: what the provider's
   * checkout handed the payer (Razorpay's signed payment id), checked by the provider's scheme first.
   */
  async refresh(viewer: Viewer, paymentId: string, language: LanguageCode, proof: Record<string, string> = {}) {
    const row = await this.row(paymentId);
    if (!row || (row.userId !== viewer.userId && !viewer.isAdmin)) throw notFound();
    await this.settlement.askProvider(await this.settlement.checkProof(row, proof), 'payer');
    return this.presented((await this.row(paymentId)) ?? row, language);
  }

  /** An operator's refund of a succeeded payment: the provider's first, then ours (which ends what it paid for). */
  async refund(asker: Viewer, paymentId: string, language: LanguageCode): Promise<Payment> {
    if (!asker.isAdmin) throw new AppError(403, 'errors.forbidden');
    const row = await this.row(paymentId);
    if (!row) throw notFound();
    if (row.status !== 'succeeded') throw new AppError(409, 'api.paymentNotRefundable');
    if (row.method !== 'offline') {
      if (!row.providerReference) throw new AppError(409, 'api.paymentNotRefundable');
      try {
        await this.providerOf(row.method).refund(row.providerReference, amountOf(row));
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
        throw providerDown();
      }
    }
    await this.settlement.moveByOperator(
      row,
      { to: 'refunded', source: 'operator', detail: { by: asker.userId } },
      { actorId: asker.userId, action: 'payment.refund' },
    );
    return this.presented((await this.row(paymentId)) ?? row, language);
  }

  /** An operator approves an offline payment (the money arrived) or rejects it. */
  async reviewOffline(
    asker: Viewer,
    paymentId: string,
    review: { decision: 'approve' | 'reject'; reason: string },
    language: LanguageCode,
  ): Promise<Payment> {
    if (!asker.isAdmin) throw new AppError(403, 'errors.forbidden');
    const row = await this.row(paymentId);
    if (row?.method !== 'offline') throw notFound();
    if (row.status !== 'pending_review') throw new AppError(409, 'api.paymentAlreadyReviewed');
    const approved = review.decision === 'approve';
    const move = {
      to: approved ? ('succeeded' as const) : ('failed' as const),
      source: 'operator' as const,
      detail: { by: asker.userId },
      // Why it was rejected; an approved payment has no failure to explain.
      ...(review.reason && !approved ? { failureReason: review.reason } : {}),
    };
    await this.settlement.moveByOperator(row, move, { actorId: asker.userId, action: `payment.${review.decision}` });
    return this.presented((await this.row(paymentId)) ?? row, language);
  }

  async scheduleJobs(jobs: JobQueue) {
    jobs.work(RECONCILE_JOB, () => this.reconcile());
    await jobs.every(RECONCILE_JOB, '*/5 * * * *');
  }

  /**
   * What the payer does next to finish one of their payments left unpaid (a card dialog closed, a provider's
   * page left): the step the provider's start gave, kept with the payment; `none` once it is settled.
   */
  async nextStep(viewer: Viewer, paymentId: string, language: LanguageCode): Promise<PaymentStart> {
    const row = await this.row(paymentId);
    if (!row || row.userId !== viewer.userId) throw notFound();
    const payment = await this.presented(row, language);
    if (row.status === 'pending_review') return { payment, action: await this.offlineAction(row, language) };
    const stored = row.details.client_action;
    if (row.status !== 'requires_action' || !isClientAction(stored)) return { payment, action: { kind: 'none' } };
    return { payment, action: await this.actionOf(row, stored) };
  }

  /** The console's payments: those waiting for an operator's approval, or all (administrators only). */
  operatorList(asker: Viewer, filter: ConsolePaymentFilter, page: PageWindow, language: LanguageCode) {
    if (!asker.isAdmin) throw new AppError(403, 'errors.forbidden');
    return this.lists.forOperator(filter, page, language);
  }

  /** A payment as its payer (or an operator) reads it. */
  async one(viewer: Viewer, paymentId: string, language: LanguageCode): Promise<Payment> {
    const row = await this.row(paymentId);
    if (!row || (row.userId !== viewer.userId && !viewer.isAdmin)) throw notFound();
    return this.presented(row, language);
  }

  /** Who pays, for the provider; a card payer with their customer at the provider, whose saved cards may pay. */
  private async payerOf(row: PaymentRow) {
    const { email } = await this.context.payerOf(row.userId);
    const payer = { userId: row.userId, email };
    if (row.method !== 'stripe' || !this.context.wallet) return payer;
    return { ...payer, walletCustomer: await this.cards.customerFor(row.userId) };
  }

  private providerOf(method: string): PaymentProvider {
    const provider = this.context.providers[method as PaymentMethod];
    if (!provider) throw methodOff();
    return provider;
  }

  private async row(paymentId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return undefined;
    const [row] = await this.context.db.select().from(payments).where(eq(payments.id, paymentId));
    return row;
  }

  private presented(row: PaymentRow, language: LanguageCode) {
    return this.lists.presentOne(row.id, language).then((payment) => {
      if (!payment) throw notFound();
      return payment;
    });
  }

  private async actionOf(row: PaymentRow, clientAction: Record<string, string>) {
    return clientActionOf(row, clientAction, await this.context.settings.paymentSettings(), this.context.scripts);
  }

  private async offlineAction(row: PaymentRow, language: LanguageCode): Promise<PaymentStart['action']> {
    const method = (await this.offlineMethods(language)).find((entry) => entry.id === row.offlinePaymentMethodId);
    return { kind: 'offline', title: method?.title ?? '', instructions: method?.description ?? '' };
  }

  private async hasOfflineMethod() {
    const [row] = await this.context.db
      .select({ id: offlinePaymentMethods.id })
      .from(offlinePaymentMethods)
      .where(eq(offlinePaymentMethods.status, 1))
      .limit(1);
    return Boolean(row);
  }

  private async isPublishedOfflineMethod(tx: Tx, methodId: number | undefined) {
    if (methodId === undefined) return false;
    const [row] = await tx
      .select({ id: offlinePaymentMethods.id })
      .from(offlinePaymentMethods)
      .where(and(eq(offlinePaymentMethods.id, methodId), eq(offlinePaymentMethods.status, 1)));
    return Boolean(row);
  }
}

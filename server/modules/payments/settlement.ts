import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../contract/payments.ts';
import { type Db, isUniqueViolation } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction } from '../../kernel/operator-actions.ts';
import { expectedOf } from './client-actions.ts';
import { type Move, movePayment, type PaymentRow } from './ledger.ts';
import { type PaymentProvider, ProviderUnavailable, WebhookRejected } from './provider.ts';
import { payments } from './schema.ts';
import { statusOfVerdict } from './status.ts';

/** A payment the payer left unfinished this long is asked about; one left a day is given up. */
const RECONCILE_AFTER_MINUTES = 2;
const ABANDONED_AFTER_HOURS = 24;

export interface SettlementContext {
  db: Db;
  events: EventBus;
  providers: Partial<Record<PaymentMethod, PaymentProvider>>;
  logger: { warn(details: object, message: string): void };
}

export const providerDown = () => new AppError(503, 'api.paymentProviderUnavailable');

/**
 * How a payment learns its fate: by asking its provider (when the payer comes back, when a webhook says
 * something, and on the reconciliation job's rounds), and moving by the answer.
 */
export class Settlement {
  private readonly context: SettlementContext;

  constructor(context: SettlementContext) {
    this.context = context;
  }

  move(paymentId: string, move: Move) {
    return this.context.events.transaction(this.context.db, (tx, publish) => movePayment(tx, publish, paymentId, move));
  }

  /** An operator's move (an offline payment approved or rejected, a refund), written with its audit entry. */
  moveByOperator(row: PaymentRow, move: Move, audit: { actorId: string; action: string }) {
    return this.context.events.transaction(this.context.db, async (tx, publish) => {
      const moved = await movePayment(tx, publish, row.id, move);
      if (moved) {
        recordOperatorAction(publish, {
          ...audit,
          subjectType: 'payment',
          subjectId: row.id,
          before: { status: row.status },
          after: { status: moved.status, ...(move.failureReason ? { reason: move.failureReason } : {}) },
        });
      }
      return moved;
    });
  }

  /**
   * A provider's webhook: verified by its adapter, then believed only as far as the provider confirms when
   * asked. 'rejected': forged, late or malformed (answered 400); 'ignored': nothing of ours or seen before.
   */
  async receiveWebhook(method: PaymentMethod, body: Buffer, headers: Record<string, string | string[] | undefined>) {
    const provider = this.context.providers[method];
    if (!provider) return 'unknown' as const;
    let notice: Awaited<ReturnType<PaymentProvider['readWebhook']>>;
    try {
      notice = await provider.readWebhook(body, headers);
    } catch (error) {
      if (error instanceof WebhookRejected) return 'rejected' as const;
      throw error;
    }
    if (!notice) return 'ignored' as const;
    const [row] = await this.context.db
      .select()
      .from(payments)
      .where(and(eq(payments.method, method), eq(payments.providerReference, notice.providerReference)));
    if (!row) return 'ignored' as const;
    const settled = await this.askProvider(row, 'webhook', { method, eventId: notice.eventId });
    return settled ? ('taken' as const) : ('deferred' as const);
  }

  /** Asks the providers about payments left unfinished; gives up those left a day. */
  async reconcile() {
    const stale = await this.context.db
      .select()
      .from(payments)
      .where(
        and(
          inArray(payments.status, ['created', 'requires_action']),
          lt(payments.updatedDate, sql`now() - make_interval(mins => ${RECONCILE_AFTER_MINUTES})`),
        ),
      )
      .orderBy(asc(payments.updatedDate))
      .limit(200);
    for (const row of stale) await this.reconcileOne(row);
  }

  /** Checks the payer's proof; returns the payment as it is then (with the reference the proof named). */
  async checkProof(row: PaymentRow, proof: Record<string, string>) {
    const provider = this.context.providers[row.method as PaymentMethod];
    if (Object.keys(proof).length === 0 || !provider?.acceptPayerProof || !row.providerReference) return row;
    let reference: string | undefined;
    try {
      reference = await provider.acceptPayerProof(row.providerReference, proof, expectedOf(row));
    } catch (error) {
      if (error instanceof WebhookRejected) throw new AppError(400, 'api.paymentProofRejected');
      if (error instanceof ProviderUnavailable) throw providerDown();
      throw error;
    }
    if (!reference || reference === row.providerReference) return row;
    const [updated] = await this.context.db
      .update(payments)
      .set({ providerReference: reference, updatedDate: sql`now()` })
      .where(eq(payments.id, row.id))
      .returning()
      .catch((error: unknown) => {
        // The store's purchase already paid for another payment: one purchase is never counted twice.
        if (isUniqueViolation(error)) throw new AppError(409, 'api.purchaseAlreadyUsed');
        throw error;
      });
    return updated ?? row;
  }

  /** Asks the provider and moves the payment by its answer; false when it could not be asked or still waits. */
  async askProvider(row: PaymentRow, source: Move['source'], event?: Move['event']) {
    if (row.method === 'offline' || !row.providerReference) return false;
    const provider = this.context.providers[row.method as PaymentMethod];
    if (!provider) return false;
    try {
      const verdict = await provider.status(row.providerReference, expectedOf(row));
      const to = statusOfVerdict(verdict.state);
      if (!to) return false;
      await this.move(row.id, {
        to,
        source,
        charged: verdict.amount,
        ...(verdict.failure ? { failureReason: verdict.failure } : {}),
        ...(event ? { event } : {}),
      });
      return true;
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      this.context.logger.warn(
        { reason: error.message, paymentId: row.id },
        'a payment provider did not answer; asked again later',
      );
      return false;
    }
  }

  private async reconcileOne(row: PaymentRow) {
    const abandoned = Date.now() - row.addedDate.getTime() > ABANDONED_AFTER_HOURS * 3_600_000;
    const settled = row.providerReference ? await this.askProvider(row, 'reconcile') : false;
    if (settled || !abandoned) return;
    await this.move(row.id, { to: 'failed', source: 'reconcile', failureReason: 'Not completed by the payer' });
  }
}

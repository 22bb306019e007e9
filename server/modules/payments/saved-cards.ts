import { and, eq } from 'drizzle-orm';
import {
  type CardSetup,
  SAVED_CARDS_MAX,
  type SavedCard,
  type SavedCardList,
} from '../../../contract/payment-cards.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import type { SettingsService } from '../settings/index.ts';
import type { CardWallet, WalletCard } from './card-wallet.ts';
import type { ProviderScripts } from './client-actions.ts';
import { ProviderUnavailable } from './provider.ts';
import { paymentCustomers } from './schema.ts';
import { providerDown } from './settlement.ts';

const METHOD = 'stripe';
const HOUR = 3600;
/** Reading and removing cards: a page of saved cards and the card dialog read them. */
const WALLET_CALLS_PER_HOUR = 120;
/**
 * Savings of a card started in an hour: each asks the card's bank, the way card testers check stolen cards, so
 * they are few per account and per address (an account has at most SAVED_CARDS_MAX anyway).
 */
const CARD_SETUPS_PER_HOUR_PER_ACCOUNT = 10;
const CARD_SETUPS_PER_HOUR_PER_ADDRESS = 30;

export interface SavedCardsDependencies {
  db: Db;
  settings: SettingsService;
  /** Absent when no card provider is configured. */
  wallet: CardWallet | undefined;
  scripts: ProviderScripts;
  createLimiter: LimiterFactory;
  payerOf: (userId: string) => Promise<{ email: string | null; name: string }>;
  logger: { warn(details: object, message: string): void };
}

const cardNotFound = () => new AppError(404, 'api.savedCardNotFound');

/**
 * A payer's saved cards (SPEC.md 2 card entry and card update; issue 23 point 4): kept by the card provider as
 * its customer object's cards; here only which customer is whose. Saving goes through the provider's own card
 * fields (a SetupIntent confirmed by Stripe.js), so no card number or security code ever reaches this server.
 */
export class SavedCards {
  private readonly context: SavedCardsDependencies;
  private readonly limits: Record<'walletCalls' | 'setupsPerAccount' | 'setupsPerAddress', Limiter>;

  constructor(context: SavedCardsDependencies) {
    this.context = context;
    const limiter = (keyPrefix: string, points: number) =>
      context.createLimiter({ keyPrefix, points, durationSeconds: HOUR });
    this.limits = {
      walletCalls: limiter('wallet-calls', WALLET_CALLS_PER_HOUR),
      setupsPerAccount: limiter('card-setups-account', CARD_SETUPS_PER_HOUR_PER_ACCOUNT),
      setupsPerAddress: limiter('card-setups-address', CARD_SETUPS_PER_HOUR_PER_ADDRESS),
    };
  }

  /** The cards the account has saved; none while card payment is off. */
  async list(viewer: Viewer): Promise<SavedCardList> {
    const stripe = { js_url: this.context.scripts.stripe, max: SAVED_CARDS_MAX };
    const publishableKey = await this.publishableKey();
    if (!publishableKey) return { enabled: false, cards: [], publishable_key: '', ...stripe };
    const customerId = await this.customerOf(viewer.userId);
    const cards = customerId ? await this.cardsOf(viewer.userId, customerId) : [];
    return { enabled: true, cards: cards.map(presented), publishable_key: publishableKey, ...stripe };
  }

  /**
   * Starts saving a card, or a card that takes the place of a saved one (`replaces`, the card update): the
   * browser confirms the secret with the provider's card fields, then calls `finishSetup`.
   */
  async startSetup(viewer: Viewer, meta: { ip: string }, replaces?: string): Promise<CardSetup> {
    const { wallet, publishableKey } = await this.walletOn();
    const customerId = await this.asked(() => this.customerFor(viewer.userId));
    const cards = await this.cardsOf(viewer.userId, customerId);
    if (replaces && !cards.some((card) => card.id === replaces)) throw cardNotFound();
    if (!replaces && cards.length >= SAVED_CARDS_MAX)
      throw new AppError(409, 'api.savedCardsFull', { values: { max: SAVED_CARDS_MAX } });
    await this.limits.setupsPerAccount.consume(viewer.userId);
    await this.limits.setupsPerAddress.consume(meta.ip);
    const setup = await this.asked(() =>
      wallet.startSetup(customerId, { user_id: viewer.userId, ...(replaces ? { replaces } : {}) }),
    );
    return {
      setup_id: setup.id,
      client_secret: setup.clientSecret,
      publishable_key: publishableKey,
      js_url: this.context.scripts.stripe,
    };
  }

  /**
   * The browser says the provider saved the card: the provider is asked (the browser's word is not enough), and a
   * card that replaces another takes its owner details and removes it. Finishing twice changes nothing more.
   */
  async finishSetup(viewer: Viewer, setupId: string): Promise<SavedCardList> {
    const { wallet } = await this.walletOn();
    const customerId = await this.customerOf(viewer.userId);
    if (!customerId) throw new AppError(404, 'api.cardSetupNotFound');
    await this.limits.walletCalls.consume(viewer.userId);
    const setup = await this.asked(() => wallet.setup(setupId));
    if (!setup || setup.customerId !== customerId) throw new AppError(404, 'api.cardSetupNotFound');
    if (setup.state !== 'saved' || !setup.cardId) throw new AppError(409, 'api.cardNotSaved');
    const replaced = setup.metadata.replaces;
    if (replaced && replaced !== setup.cardId) {
      const cards = await this.cardsOf(viewer.userId, customerId);
      if (cards.some((card) => card.id === replaced))
        await this.asked(() => wallet.replaceCard(replaced, setup.cardId ?? ''));
    }
    return this.list(viewer);
  }

  async remove(viewer: Viewer, cardId: string): Promise<SavedCardList> {
    const { wallet } = await this.walletOn();
    const customerId = await this.customerOf(viewer.userId);
    if (!customerId) throw cardNotFound();
    const cards = await this.cardsOf(viewer.userId, customerId);
    if (!cards.some((card) => card.id === cardId)) throw cardNotFound();
    await this.limits.walletCalls.consume(viewer.userId);
    await this.asked(() => wallet.removeCard(cardId));
    return this.list(viewer);
  }

  /**
   * The payer's customer at the card provider, made on first need (a card payment or a card saved): its saved
   * cards may pay, and a card paid with can be kept. Two racing requests keep one (the provider's idempotency
   * gives both the same customer).
   */
  async customerFor(userId: string): Promise<string> {
    const known = await this.customerOf(userId);
    if (known) return known;
    const wallet = this.context.wallet;
    if (!wallet) throw new AppError(400, 'api.paymentMethodOff');
    const customerId = await wallet.createCustomer({ userId, ...(await this.context.payerOf(userId)) });
    await this.context.db.insert(paymentCustomers).values({ userId, method: METHOD, customerId }).onConflictDoNothing();
    return (await this.customerOf(userId)) ?? customerId;
  }

  /** A deactivated account's cards go: its customer is deleted at the provider, then forgotten here. */
  async forget(userId: string) {
    const customerId = await this.customerOf(userId);
    if (!customerId || !this.context.wallet) return;
    await this.context.wallet.deleteCustomer(customerId);
    await this.context.db
      .delete(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.method, METHOD)));
  }

  /**
   * Stripe.js's key while cards can be saved (card payment on: its flag, its publishable key and its server
   * keys); null otherwise.
   */
  private async publishableKey() {
    if (!this.context.wallet) return null;
    const settings = await this.context.settings.paymentSettings();
    return settings.stripeEnabled && settings.stripePublishableKey !== '' ? settings.stripePublishableKey : null;
  }

  private async walletOn() {
    const { wallet } = this.context;
    const publishableKey = await this.publishableKey();
    if (!wallet || !publishableKey) throw new AppError(400, 'api.paymentMethodOff');
    return { wallet, publishableKey };
  }

  private async customerOf(userId: string) {
    const [row] = await this.context.db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.method, METHOD)));
    return row?.customerId;
  }

  private async cardsOf(userId: string, customerId: string) {
    await this.limits.walletCalls.consume(userId);
    return this.asked(() => (this.context.wallet as CardWallet).cards(customerId));
  }

  /** A provider that does not answer leaves everything as it was: 503, and a line for the operator. */
  private async asked<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      this.context.logger.warn({ reason: error.message }, 'the card provider did not answer about saved cards');
      throw providerDown();
    }
  }
}

function presented(card: WalletCard): SavedCard {
  const month = String(card.expMonth).padStart(2, '0');
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expiry: `${month}/${String(card.expYear % 100).padStart(2, '0')}`,
    holder_name: card.holderName,
  };
}

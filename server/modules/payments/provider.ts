import type { PaymentMethod } from '../../../contract/payments.ts';

/**
 * One payment method's adapter (DESIGN.md "payments"), in the shape of Medusa's payment providers: start a
 * charge, ask the provider how it stands, refund it, and turn a provider's webhook into what it says about one
 * charge. The payments service owns the states; an adapter only speaks its provider's protocol, with the
 * provider's official SDK where one exists, and never decides that money arrived without asking the provider.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** The currencies the provider takes (ISO 4217, upper case); absent: any. A method is off for the others. */
  readonly currencies?: readonly string[];
  /** Starts a charge of an amount the server computed; nothing is owed to us until `status` says succeeded. */
  initiate(charge: Charge): Promise<Initiated>;
  /**
   * Asks the provider, now, how the charge stands (the client's word and the webhook's are never enough). For a
   * provider whose charge the merchant captures once the payer approved it (PayPal's orders), this captures it,
   * idempotently, and answers with the capture.
   */
  status(providerReference: string, expected?: Expected): Promise<ProviderVerdict>;
  /**
   * What the payer's browser or app brings back from the provider (Razorpay's signed payment id, a store's
   * purchase token): checked by the provider's scheme; throws `WebhookRejected` when it does not hold. Resolves
   * with the charge's reference from now on when the proof names it (an in-app purchase's token), else undefined.
   * Providers without such a proof omit it.
   */
  acceptPayerProof?(
    providerReference: string,
    proof: Record<string, string>,
    expected?: Expected,
  ): Promise<string | undefined>;
  /** Gives the whole charge back. Resolves once the provider has accepted the refund. */
  refund(providerReference: string, amount: MinorAmount): Promise<void>;
  /**
   * A webhook's body as received (bytes, before any JSON parsing) and its headers: checked against the
   * provider's signature scheme (and timestamp tolerance where it has one), then read. Throws
   * `WebhookRejected` for a forged, late or malformed one; null for a verified event about nothing we sell.
   */
  readWebhook(body: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookNotice | null>;
}

/** An amount in the currency's minor units (halalas, cents, fils), as an integer: no floats near money. */
export interface MinorAmount {
  minor: bigint;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface Charge {
  /** Our payment's id: sent to the provider as its metadata or receipt, so a webhook can be matched to it. */
  paymentId: string;
  amount: MinorAmount;
  /** What the payer sees on the provider's page or statement. */
  description: string;
  /** `walletCustomer`: the payer's customer at the card provider, whose saved cards may pay (card-wallet.ts). */
  payer: { userId: string; email: string | null; walletCustomer?: string };
  /** Sent as the provider's idempotency key: a retried start never makes a second charge. */
  idempotencyKey: string;
  /** Where the provider sends the payer back when it pays on the provider's own page (PayPal, Paystack). */
  returnUrl: string;
  /** How many of the thing are bought (a promotion's days): an in-app product is bought that many times. */
  quantity: number;
}

/**
 * What the payment expects the provider to have charged. Providers that say what they charged ignore it; an app
 * store, whose price is the store's, checks the product and quantity and answers with it.
 */
export interface Expected {
  amount: MinorAmount;
  quantity: number;
}

export interface Initiated {
  /** The provider's id of the charge (a PaymentIntent id, an order id, a reference), unique per method. */
  providerReference: string;
  /** What the payer's browser or app needs to finish paying (a client secret, an order id): never a secret key. */
  clientAction: Record<string, string>;
}

export interface ProviderVerdict {
  state: 'pending' | 'succeeded' | 'failed' | 'refunded';
  /** What the provider says was (or will be) charged: compared with ours before anything counts as paid. */
  amount: MinorAmount;
  /** The provider's words for a failure, for the operator's log. */
  failure?: string;
}

export interface WebhookNotice {
  /** The provider's event id: the same event twice changes nothing. */
  eventId: string;
  providerReference: string;
  /** What the event claims; the service asks `status` before it believes a success. */
  claimed: ProviderVerdict['state'];
}

/** A webhook that failed its signature, its timestamp tolerance or its shape: answered 400, nothing stored. */
export class WebhookRejected extends Error {}

/** The provider did not answer in time or answered with a server error: the payment stays as it was. */
export class ProviderUnavailable extends Error {}

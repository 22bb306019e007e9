import type Stripe from 'stripe';
import type { CardWallet, WalletCard, WalletSetup } from '../card-wallet.ts';
import { ask, isMissing, type StripeClientOptions, stripeClient, unavailable } from './stripe-client.ts';

/** More than a payer may keep (saved-cards.ts): one page of them is all of them. */
const CARDS_PAGE = 100;

/**
 * Saved cards as Stripe keeps them (https://docs.stripe.com/payments/save-and-reuse): a Customer per account, a
 * SetupIntent confirmed by Stripe.js with Stripe's own card fields, and the PaymentMethods saved to the Customer.
 */
export function createStripeWallet(options: StripeClientOptions): CardWallet {
  const stripe = stripeClient(options);
  return {
    async createCustomer({ userId, email, name }) {
      const customer = await ask('create a Customer', () =>
        stripe.customers.create(
          { ...(email ? { email } : {}), name, metadata: { user_id: userId } },
          { idempotencyKey: `customer-${userId}` },
        ),
      );
      return customer.id;
    },

    async deleteCustomer(customerId) {
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        if (!isMissing(error)) throw unavailable(`delete ${customerId}`, error);
      }
    },

    async cards(customerId) {
      const list = await ask(`list the cards of ${customerId}`, () =>
        stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: CARDS_PAGE }),
      );
      return list.data.flatMap(cardOf);
    },

    async startSetup(customerId, metadata) {
      const setup = await ask('create a SetupIntent', () =>
        stripe.setupIntents.create({
          customer: customerId,
          usage: 'on_session',
          allowed_payment_method_types: ['card'],
          metadata,
        }),
      );
      if (!setup.client_secret)
        throw unavailable('create a SetupIntent', new Error(`${setup.id} has no client secret`));
      return { id: setup.id, clientSecret: setup.client_secret };
    },

    async setup(setupId) {
      try {
        return setupOf(await stripe.setupIntents.retrieve(setupId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(`retrieve ${setupId}`, error);
      }
    },

    async replaceCard(oldCardId, newCardId) {
      const old = await ask(`retrieve ${oldCardId}`, () => stripe.paymentMethods.retrieve(oldCardId));
      const { email, phone, address } = old.billing_details;
      await ask(`update ${newCardId}`, () =>
        stripe.paymentMethods.update(newCardId, {
          billing_details: { email: email ?? '', phone: phone ?? '', address: addressOf(address) },
        }),
      );
      await this.removeCard(oldCardId);
    },

    async removeCard(cardId) {
      await ask(`detach ${cardId}`, () => stripe.paymentMethods.detach(cardId));
    },
  };
}

function cardOf(method: Stripe.PaymentMethod): WalletCard[] {
  const { card } = method;
  if (!card) return [];
  return [
    {
      id: method.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      holderName: method.billing_details.name,
    },
  ];
}

function setupOf(setup: Stripe.SetupIntent): WalletSetup {
  const customer = setup.customer;
  const method = setup.payment_method;
  return {
    customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
    state: setup.status === 'succeeded' ? 'saved' : setup.status === 'canceled' ? 'cancelled' : 'waiting',
    cardId: setup.status === 'succeeded' ? (typeof method === 'string' ? method : (method?.id ?? null)) : null,
    metadata: setup.metadata ?? {},
  };
}

function addressOf(address: Stripe.Address | null): Stripe.AddressParam {
  return {
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postal_code: address?.postal_code ?? '',
    ...(address?.country ? { country: address.country } : {}),
  };
}

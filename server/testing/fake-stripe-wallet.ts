import { randomBytes } from 'node:crypto';
import {
  billingOf,
  type CardError,
  declineOf,
  methodFrom,
  paymentMethodObject,
  type StoredMethod,
} from './fake-stripe-cards.ts';
import {
  type Answer,
  type Form,
  group,
  missing,
  newId,
  ok,
  Refusal,
  seconds,
  snapshot,
  strings,
  text,
} from './fake-stripe-common.ts';

/**
 * The saved cards of the fake Stripe: Customers, the PaymentMethods saved to them, and SetupIntents, through which
 * Stripe.js saves a card (https://docs.stripe.com/payments/save-and-reuse). As at Stripe, a saved card is the
 * Customer's PaymentMethod; the merchant keeps only the Customer's id.
 */
export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  created: number;
  livemode: false;
  deleted?: true;
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  usage: 'on_session' | 'off_session';
  payment_method: string | null;
  payment_method_types: string[];
  last_setup_error: CardError | null;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  livemode: false;
}

export interface Wallet {
  methods: Map<string, StoredMethod>;
  customers: Map<string, FakeCustomer>;
  setups: Map<string, FakeSetupIntent>;
  emit(type: string, object: unknown): void;
}

/** The wallet's API calls; undefined for a call that is not one of them. */
export function walletRoute(wallet: Wallet, call: string, id: string, params: Form, key: string): Answer | undefined {
  switch (call) {
    case 'POST customers':
      return ok(createCustomer(wallet, params));
    case 'GET customers/:id':
      return ok(wallet.customers.get(id) ?? missing('customer', id));
    case 'DELETE customers/:id':
      return ok(deleteCustomer(wallet, id));
    case 'GET customers/:id/payment_methods':
      return ok(savedMethods(wallet, liveCustomer(wallet, id).id, params));
    case 'GET payment_methods/:id':
      return ok(paymentMethodObject(methodOf(wallet, id)));
    case 'POST payment_methods/:id':
      return ok(paymentMethodObject(updateMethod(savedMethod(wallet, id, 'update'), params)));
    case 'POST payment_methods/:id/detach':
      return ok(paymentMethodObject(detach(wallet, savedMethod(wallet, id, 'detach'))));
    case 'POST setup_intents':
      return ok(createSetup(wallet, params));
    case 'GET setup_intents/:id':
      return ok(setupFor(wallet, id, params, key));
    case 'POST setup_intents/:id/confirm':
      return confirmSetup(wallet, setupFor(wallet, id, params, key), params);
    default:
      return undefined;
  }
}

/** What tests read and do as the payer's Stripe.js would. */
export function walletControls(wallet: Wallet, stripe: { origin: string; options: { publishableKey: string } }) {
  const post = async (path: string, form: Record<string, string>) => {
    const body = new URLSearchParams({ key: stripe.options.publishableKey, ...form });
    const response = await fetch(`${stripe.origin}${path}`, { method: 'POST', body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return {
    /** The Customer as Stripe holds it now (a copy). */
    customer: (id: string) => snapshot(wallet.customers.get(id) ?? null),
    /** The cards saved to a Customer, as its payment_methods list shows them, the latest first. */
    savedCards: (customerId: string) => savedMethods(wallet, customerId, {}).data,
    /**
     * What Stripe.js's confirmCardSetup sends when the payer saves a card: the card and its owner's details to the
     * SetupIntent's confirm, with the publishable key and the client secret. `billing`: the owner's details by
     * name (`name`, `email`, `address.line1`...).
     */
    saveCard(clientSecret: string, number: string, billing: Record<string, string> = {}) {
      const id = clientSecret.split('_secret_')[0] ?? '';
      // `address.line1` is sent as payment_method_data[billing_details][address][line1].
      const owner = Object.entries(billing).map(([name, value]) => [
        `payment_method_data[billing_details]${name
          .split('.')
          .map((part) => `[${part}]`)
          .join('')}`,
        value,
      ]);
      return post(`/v1/setup_intents/${id}/confirm`, {
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 3),
        'payment_method_data[card][cvc]': '123',
        ...Object.fromEntries(owner),
      });
    },
    /** What confirmCardPayment(clientSecret, { payment_method: 'pm_…' }) sends: a saved card pays. */
    payWithSavedCard(clientSecret: string, paymentMethodId: string) {
      const id = clientSecret.split('_secret_')[0] ?? '';
      return post(`/v1/payment_intents/${id}/confirm`, {
        client_secret: clientSecret,
        payment_method: paymentMethodId,
      });
    },
  };
}

function createCustomer(wallet: Wallet, params: Form): FakeCustomer {
  const customer: FakeCustomer = {
    id: newId('cus'),
    object: 'customer',
    email: text(params.email) ?? null,
    name: text(params.name) ?? null,
    description: text(params.description) ?? null,
    metadata: strings(params.metadata),
    invoice_settings: { default_payment_method: null },
    created: seconds(new Date()),
    livemode: false,
  };
  wallet.customers.set(customer.id, customer);
  wallet.emit('customer.created', customer);
  return customer;
}

function liveCustomer(wallet: Wallet, id: string) {
  const customer = wallet.customers.get(id);
  if (!customer || customer.deleted) missing('customer', id);
  return customer;
}

/** Deleting a Customer detaches its cards, as at Stripe; the id then answers `deleted: true`. */
function deleteCustomer(wallet: Wallet, id: string) {
  const customer = liveCustomer(wallet, id);
  for (const method of wallet.methods.values()) if (method.customer === id) method.customer = null;
  wallet.customers.set(id, { ...customer, deleted: true });
  wallet.emit('customer.deleted', customer);
  return { id, object: 'customer', deleted: true };
}

function savedMethods(wallet: Wallet, customerId: string, params: Form) {
  const limit = Math.min(Math.max(Number(text(params.limit) ?? 10) || 10, 1), 100);
  const saved = [...wallet.methods.values()].filter((method) => method.customer === customerId).reverse();
  return {
    object: 'list' as const,
    data: saved.slice(0, limit).map(paymentMethodObject),
    has_more: saved.length > limit,
    url: `/v1/customers/${customerId}/payment_methods`,
  };
}

function methodOf(wallet: Wallet, id: string) {
  return wallet.methods.get(id) ?? missing('payment_method', id);
}

function savedMethod(wallet: Wallet, id: string, action: 'update' | 'detach') {
  const method = methodOf(wallet, id);
  if (method.customer) return method;
  throw new Refusal(400, {
    type: 'invalid_request_error',
    message:
      action === 'update'
        ? 'You must save this PaymentMethod to a customer before you can update it.'
        : 'The payment method you provided is not attached to a customer so detachment is impossible.',
  });
}

/** The card's owner details and expiry may change; its number never does (a new card is a new PaymentMethod). */
function updateMethod(method: StoredMethod, params: Form) {
  const given = group(params.billing_details);
  const changes = billingOf(given);
  const address = group(given.address);
  method.billing = {
    name: 'name' in given ? changes.name : method.billing.name,
    email: 'email' in given ? changes.email : method.billing.email,
    phone: 'phone' in given ? changes.phone : method.billing.phone,
    address: Object.fromEntries(
      Object.entries(method.billing.address).map(([field, value]) => [
        field,
        field in address ? changes.address[field as keyof typeof changes.address] : value,
      ]),
    ) as StoredMethod['billing']['address'],
  };
  const card = group(params.card);
  if (text(card.exp_month)) method.card.expMonth = Number(text(card.exp_month));
  if (text(card.exp_year)) method.card.expYear = Number(text(card.exp_year));
  return method;
}

function detach(wallet: Wallet, method: StoredMethod) {
  method.customer = null;
  wallet.emit('payment_method.detached', paymentMethodObject(method));
  return method;
}

function createSetup(wallet: Wallet, params: Form): FakeSetupIntent {
  const customer = text(params.customer) ?? null;
  if (customer) liveCustomer(wallet, customer);
  const id = newId('seti');
  const setup: FakeSetupIntent = {
    id,
    object: 'setup_intent',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    customer,
    status: 'requires_payment_method',
    usage: text(params.usage) === 'on_session' ? 'on_session' : 'off_session',
    payment_method: null,
    payment_method_types: typesOf(params),
    last_setup_error: null,
    metadata: strings(params.metadata),
    description: text(params.description) ?? null,
    created: seconds(new Date()),
    livemode: false,
  };
  wallet.setups.set(id, setup);
  return setup;
}

function typesOf(params: Form) {
  const given = [params.allowed_payment_method_types, params.payment_method_types].flatMap((types) =>
    Object.values(group(types)).filter((type) => typeof type === 'string'),
  );
  return given.length > 0 ? given : ['card'];
}

/** The publishable key reaches a SetupIntent only with its client secret, as in Stripe.js. */
function setupFor(wallet: Wallet, id: string, params: Form, key: string) {
  const setup = wallet.setups.get(id) ?? missing('setup_intent', id);
  if (key === 'publishable' && text(params.client_secret) !== setup.client_secret) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      param: 'client_secret',
      message: 'The client_secret provided does not match the client_secret associated with the SetupIntent.',
    });
  }
  return setup;
}

/** The card is checked with its bank (a declining test card declines) and, once it holds, saved to the Customer. */
function confirmSetup(wallet: Wallet, setup: FakeSetupIntent, params: Form): Answer {
  if (setup.status !== 'requires_payment_method') {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'setup_intent_unexpected_state',
      message: `You cannot confirm this SetupIntent because it has already succeeded.`,
      setup_intent: snapshot(setup),
    });
  }
  const method = methodFrom(wallet.methods, params, setup.customer);
  const decline = declineOf(method.card);
  if (decline) {
    setup.last_setup_error = {
      type: 'card_error',
      ...decline,
      payment_method: paymentMethodObject(method),
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
    };
    wallet.emit('setup_intent.setup_failed', setup);
    return { status: 402, body: snapshot({ error: { ...setup.last_setup_error, setup_intent: setup } }) };
  }
  method.customer = setup.customer;
  setup.status = 'succeeded';
  setup.payment_method = method.id;
  setup.last_setup_error = null;
  wallet.emit('setup_intent.succeeded', setup);
  return ok(setup);
}

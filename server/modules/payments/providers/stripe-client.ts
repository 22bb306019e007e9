import Stripe from 'stripe';
import { ProviderUnavailable } from '../provider.ts';

export interface StripeClientOptions {
  secretKey: string;
  /** STRIPE_API_URL: https://api.stripe.com, or a fake in the tests. */
  apiUrl: string;
  timeoutMs?: number;
}

/** Stripe's official SDK, pointed at STRIPE_API_URL. */
export function stripeClient(options: StripeClientOptions) {
  const api = new URL(options.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.secretKey, {
    host: api.hostname.replace(/^\[|\]$/g, ''),
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? 10_000,
    telemetry: false,
  });
}

export async function ask<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw unavailable(what, error);
  }
}

/**
 * Whatever failed, the payment stays as it was, so the port has one error for it. A 4xx other than 429 is Stripe
 * refusing what we sent (a wrong key, an unknown id, a bad amount), not an outage: the message says so, in Stripe's
 * words, for the operator's log.
 */
export function unavailable(what: string, error: unknown) {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const status = error.statusCode ?? 0;
  const refused = status >= 400 && status < 500 && status !== 429;
  const reason = refused ? `Stripe refused to ${what} (${status}): ` : `Stripe did not ${what}: `;
  return new ProviderUnavailable(reason + error.message, { cause: error });
}

/** Stripe does not know the id (never made, or made with other keys). */
export const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

/** The keys the journeys' Stripe and app share: test keys of no real account. */
export const STRIPE_TEST_KEYS = {
  secretKey: 'sk_test_souk_journeys',
  publishableKey: 'pk_test_souk_journeys',
  webhookSecret: 'whsec_souk_journeys',
};

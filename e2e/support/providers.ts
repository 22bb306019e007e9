/** The keys the journeys' PayPal, Paystack and Razorpay share with the app: test keys of no real account. */
export const PAYPAL_TEST_KEYS = {
  clientId: 'souk-paypal-journeys',
  clientSecret: 'paypal-secret-journeys',
  webhookId: 'WH-SOUK-JOURNEYS',
};
export const PAYSTACK_TEST_KEYS = { secretKey: 'sk_test_souk_journeys', publicKey: 'pk_test_souk_journeys' };
export const RAZORPAY_TEST_KEYS = {
  keyId: 'rzp_test_soukjourneys',
  keySecret: 'razorpay-secret-journeys',
  webhookSecret: 'razorpay-webhook-journeys',
};

import { describe, expect, it } from 'vitest';
import { joinSources, razorpaySourcesOf, securityHeaders, stripeSourcesOf } from './security-headers.ts';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('the content security policy of pages', () => {
  const pagePolicy = (options: Parameters<typeof securityHeaders>[0]) =>
    securityHeaders(options).forPage()?.policy ?? '';

  it('stays strict without card payments: scripts, frames and calls of this site only', () => {
    const policy = pagePolicy({ development: false, https: true });
    expect(directive(policy, 'script-src')).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'frame-src')).toBeUndefined();
  });

  it('lets Stripe.js in, and its card fields, 3-D Secure frames and API, when card payments are configured', () => {
    const paymentSources = stripeSourcesOf('https://js.stripe.com/v3/', 'https://api.stripe.com');
    const policy = pagePolicy({ development: false, https: true, paymentSources });
    expect(directive(policy, 'script-src')).toMatch(
      /^script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com 'nonce-[^']+'$/,
    );
    expect(directive(policy, 'frame-src')).toBe(
      "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com https://js.stripe.com");
    // Answers that are not pages run no script: they keep the plain policy's script-src, the nonce aside.
    const common = securityHeaders({ development: false, https: true, paymentSources }).common;
    expect(directive(common['content-security-policy'] ?? '', 'script-src')).not.toContain('nonce-');
  });

  it('takes the origins of a Stripe stand-in (the tests’ local server) from the settings', () => {
    expect(stripeSourcesOf('http://127.0.0.1:4567/v3/', 'http://127.0.0.1:4567')).toEqual({
      script: ['http://127.0.0.1:4567'],
      frame: ['http://127.0.0.1:4567'],
      connect: ['http://127.0.0.1:4567'],
    });
  });

  it('lets Razorpay’s checkout.js in, with its window and API, beside Stripe when both are configured', () => {
    const paymentSources = joinSources(
      stripeSourcesOf('https://js.stripe.com/v3/', 'https://api.stripe.com'),
      razorpaySourcesOf('https://checkout.razorpay.com/v1/checkout.js', 'https://api.razorpay.com'),
    );
    const policy = pagePolicy({ development: false, https: true, paymentSources });
    expect(directive(policy, 'script-src')).toContain(' https://checkout.razorpay.com ');
    expect(directive(policy, 'frame-src')).toContain(' https://api.razorpay.com');
    expect(directive(policy, 'frame-src')).toContain(' https://hooks.stripe.com');
    expect(directive(policy, 'connect-src')).toContain(' https://api.razorpay.com');
  });
});

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const NONCE_SLOT = '{page-nonce}';

/**
 * Browser features pages may use: the camera and microphone (photos and videos of items), the location
 * (map search) and full screen (item videos), from this site only; everything else is off. Only features
 * Chromium knows are named: an unknown one is a console error on every page.
 */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=(self)',
  'fullscreen=(self)',
  ...[
    'accelerometer',
    'autoplay',
    'browsing-topics',
    'display-capture',
    'encrypted-media',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'midi',
    'payment',
    'picture-in-picture',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

export interface SecurityHeaders {
  /** The headers of every answer (helmet's set and the permissions policy). */
  common: Record<string, string>;
  /**
   * A new script nonce and the policy naming it, for an HTML page with inline scripts (hydration data,
   * theme); null when pages carry no policy (development).
   */
  forPage(): { nonce: string; policy: string } | null;
}

/**
 * Helmet's headers, worked out once at start-up: they are the same for every answer, so no answer pays for
 * building them. Only HTML pages get a script nonce (a fresh one each); JSON and static files need none.
 */
export function securityHeaders(options: {
  development: boolean;
  https: boolean;
  /** More places pages load pictures from (the map tile server, which may be plain http). */
  imageSources?: string[];
  /** What Stripe.js and Razorpay's checkout need when they are configured (stripeSourcesOf, razorpaySourcesOf). */
  paymentSources?: PaymentSources;
}): SecurityHeaders {
  const payment = options.paymentSources ?? { script: [], frame: [], connect: [] };
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...payment.script],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [...new Set(["'self'", 'data:', 'blob:', 'https:', ...(options.imageSources ?? [])])],
    // The item entry form reads a chosen video in the browser (its length, a thumbnail frame) from a blob: URL.
    mediaSrc: ["'self'", 'blob:'],
    // The realtime socket is this site's own: CSP 3's 'self' covers ws: and wss: to the same host and port, and
    // a bare ws: or wss: would let an injected script talk to any host.
    connectSrc: ["'self'", ...payment.connect],
    // Only Stripe's card fields (and its 3-D Secure pages) and Razorpay's checkout window are framed; without
    // them default-src keeps frames to 'self'.
    ...(payment.frame.length > 0 ? { frameSrc: ["'self'", ...payment.frame] } : {}),
    upgradeInsecureRequests: null,
  };
  const common = headersOf({
    contentSecurityPolicy: options.development ? false : { directives },
    // Only a site reached over https may tell browsers to insist on it.
    strictTransportSecurity: options.https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    // "no-referrer" (helmet's default) makes browsers send `Origin: null` with form posts, which React
    // Router's CSRF check then refuses; this is the browsers' own default and still hides paths cross-site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  common['permissions-policy'] = PERMISSIONS_POLICY;
  const pagePolicy = options.development
    ? null
    : headersOf({
        contentSecurityPolicy: {
          directives: { ...directives, scriptSrc: [...directives.scriptSrc, `'nonce-${NONCE_SLOT}'`] },
        },
      })['content-security-policy'];
  return {
    common,
    forPage() {
      if (!pagePolicy) return null;
      const nonce = randomBytes(16).toString('base64');
      return { nonce, policy: pagePolicy.replace(NONCE_SLOT, nonce) };
    },
  };
}

/**
 * The CSP source of a Leaflet tile URL template: its scheme and host, a `{s}` subdomain as a wildcard
 * ("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png" gives "https://*.tile.openstreetmap.org").
 */
export function tileSourceOf(template: string): string {
  const origin = /^(https?:\/\/[^/]+)/.exec(template)?.[1] ?? "'self'";
  return origin.replace(/\{s\}/g, '*');
}

/** Origins a payment provider's script needs in the policy of pages: its script, its frames, what it calls. */
export interface PaymentSources {
  script: string[];
  frame: string[];
  connect: string[];
}

const originOf = (url: string) => new URL(url).origin;

/**
 * What Stripe.js needs (https://docs.stripe.com/security/guide#content-security-policy): its own origin
 * (STRIPE_JS_URL) for the script and the card fields' frame, and Stripe's API (STRIPE_API_URL), which it calls
 * from the page. Stripe's own host also frames its 3-D Secure pages from hooks.stripe.com and serves parts of
 * Stripe.js from *.js.stripe.com. Pages allow them on every page when card payments are configured: a page
 * reached by a link inside the app keeps the policy of the page it started on.
 */
export function stripeSourcesOf(jsUrl: string, apiUrl: string): PaymentSources {
  const js = originOf(jsUrl);
  const stripeHosted = js === 'https://js.stripe.com';
  const hosted = stripeHosted ? ['https://*.js.stripe.com'] : [];
  return {
    script: [js, ...hosted],
    frame: [js, ...hosted, ...(stripeHosted ? ['https://hooks.stripe.com'] : [])],
    connect: [...new Set([originOf(apiUrl), js])],
  };
}

/**
 * What Razorpay's checkout.js needs: its own origin (RAZORPAY_CHECKOUT_URL) for the script, and Razorpay's API
 * origin (RAZORPAY_API_URL), whose page the checkout window is and which it calls.
 */
export function razorpaySourcesOf(checkoutUrl: string, apiUrl: string): PaymentSources {
  const checkout = originOf(checkoutUrl);
  const api = originOf(apiUrl);
  return { script: [checkout], frame: [...new Set([api, checkout])], connect: [...new Set([api, checkout])] };
}

/** The sources of every configured provider's script, together. */
export function joinSources(...sources: PaymentSources[]): PaymentSources {
  const join = (pick: (each: PaymentSources) => string[]) => [...new Set(sources.flatMap(pick))];
  return {
    script: join((each) => each.script),
    frame: join((each) => each.frame),
    connect: join((each) => each.connect),
  };
}

/** Runs helmet against a response that only records what it is told to set. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

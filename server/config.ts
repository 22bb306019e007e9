import path from 'node:path';
import { z } from 'zod';
import { CHAT_LIMITS } from '../contract/chat.ts';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The push services of Chrome, Firefox, Safari and Edge (and the browsers built on them). */
const DEFAULT_PUSH_ENDPOINT_HOSTS =
  'fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com';

const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** PostgreSQL's shared_buffers for the embedded server, e.g. 1GB (its default, 128MB, suits the demo). */
  EMBEDDED_PG_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,6}(kB|MB|GB)$/)
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO_DATA: booleanText.default(true),
  SEED_ADMIN_EMAIL: z.email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  TRUST_PROXY: booleanText.default(false),
  PUBLIC_URL: z.url().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(180),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Souk <no-reply@souk.local>'),
  SMS_API_URL: z.url().default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  SMS_HOURLY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(300),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Requests one address may send to /api/v1 per minute; reads (GET, HEAD) and writes are counted apart. */
  /** How long a visitor's page or first search page is kept in the shared cache; 0 turns the cache off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /**
   * How long a session found and a person's first page of notifications are kept in the process that read
   * them, dropped at once when the database announces a change to them; 0 turns it off (docs/decisions/0023).
   */
  PERSONAL_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(60),
  API_READS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  API_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** Chat messages one person may send per minute (all conversations together). */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(CHAT_LIMITS.messagesPerMinute),
  /** WebSocket frames of every kind one account may send per 10 seconds (all its sockets); past it, a close. */
  WS_FRAMES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(240),
  /** The same per client address, which several people may share. */
  WS_FRAMES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  /** false: this instance stores background jobs but runs none (a web-only instance beside worker instances). */
  JOB_WORKERS: booleanText.default(true),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/me?fields=id,name,email,picture'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_DISCOVERY_URL: z.url().default('https://appleid.apple.com/.well-known/openid-configuration'),
  /** Stored files go to this S3-compatible bucket when set; otherwise to DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  /** Where browsers fetch stored files (a CDN); derived from the bucket and endpoint when absent. */
  S3_PUBLIC_URL: z.url().optional(),
  /** `mailto:` or `https:` contact that push services may use to reach the operator (VAPID, RFC 8292). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  /**
   * Hosts the server may send Web Push to (it POSTs to the endpoint a browser registers): comma-separated, `*.` for
   * any subdomain, `:port` for a port other than 443. Anything else is refused when a subscription is registered.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .regex(
      /^\s*(\*\.)?[a-z0-9.-]+(:\d{1,5})?(\s*,\s*(\*\.)?[a-z0-9.-]+(:\d{1,5})?)*\s*$/i,
      'must be host names, comma-separated',
    )
    .default(DEFAULT_PUSH_ENDPOINT_HOSTS),
  /** A PEM file of extra certificate authorities trusted for push services (a private push service; the tests). */
  PUSH_CA_FILE: z.string().min(1).optional(),
  /** A Google service-account key file (JSON): turns on push to phone apps by FCM HTTP v1. */
  FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  FCM_API_URL: z.url().default('https://fcm.googleapis.com'),
  /** Map tiles of the item page's map (Leaflet URL template); its host is allowed in the pages' img-src. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/, 'must be an http(s) URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** The credit the tile provider asks for, shown on the map (plain text). */
  MAP_TILE_ATTRIBUTION: z.string().min(1).default('© OpenStreetMap contributors'),
  /** Stripe's secret key (sk_...): with stripe_enabled=1 and a publishable key in the settings, turns card payments on. */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_...): events without a valid signature are refused. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Where Stripe's API answers (a test server in the tests). */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** Stripe.js, which draws the card fields in Stripe's own frame: card data never reaches this server. */
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
  /** PayPal REST app credentials (Orders v2): with paypal_enabled=1 they turn PayPal on. */
  PAYPAL_CLIENT_ID: z.string().min(8).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(8).optional(),
  /** The id of the webhook registered in the PayPal app: events are verified by PayPal's verification call. */
  PAYPAL_WEBHOOK_ID: z.string().min(4).optional(),
  PAYPAL_API_URL: z.url().default('https://api-m.paypal.com'),
  /** Razorpay's key id, key secret and webhook secret (the settings' razor_key, shown to apps, is the same key id). */
  RAZORPAY_KEY_ID: z.string().min(8).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
  /** Paystack's secret key (the public key is paystack_key in the settings); it also signs Paystack's webhooks. */
  PAYSTACK_SECRET_KEY: z.string().min(8).optional(),
  PAYSTACK_API_URL: z.url().default('https://api.paystack.co'),
  /** Google Play: a service account's key file (JSON) allowed to read the app's purchases, and the app's package. */
  GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  GOOGLE_PLAY_PACKAGE_NAME: z.string().min(3).optional(),
  GOOGLE_PLAY_API_URL: z.url().default('https://androidpublisher.googleapis.com'),
  /** App Store Server API: the in-app purchase key (.p8 file), its id, the issuer id and the app's bundle id. */
  APPLE_IAP_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  APPLE_IAP_KEY_ID: z.string().min(4).optional(),
  APPLE_IAP_ISSUER_ID: z.string().min(4).optional(),
  APPLE_IAP_BUNDLE_ID: z.string().min(3).optional(),
  APPLE_IAP_APP_ID: z.coerce.number().int().positive().optional(),
  APPLE_IAP_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
  /** Apple's root certificates (Apple Root CA - G3 and others, DER or PEM files, comma-separated): signed data is
   * checked against them. */
  APPLE_ROOT_CA_FILES: z.string().min(1).optional(),
  APPLE_IAP_API_URL: z.url().optional(),
  /** Whether Apple's certificates are also checked online (OCSP); off only for a test App Store without a responder. */
  APPLE_IAP_ONLINE_CHECKS: booleanText.default(true),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  uploadsDir: string;
  /** Uploads being received and checked, before they reach the storage. */
  uploadTempDir: string;
  outboxDir: string;
  /** Where browsers reach the app: PUBLIC_URL, or http://localhost:PORT. */
  publicUrl: string;
  /** VAPID_SUBJECT, else PUBLIC_URL when it is https, else a mailto: of MAIL_FROM's address. */
  vapidSubject: string;
};

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.')}=${JSON.stringify(env[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  requireAdminPair(result.data);
  const dataDir = path.resolve(result.data.DATA_DIR);
  const publicUrl = (result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`).replace(/\/$/, '');
  return {
    ...result.data,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadTempDir: path.join(dataDir, 'tmp', 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    publicUrl,
    vapidSubject: result.data.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, result.data.MAIL_FROM),
  };
}

/** Push services want a way to reach the operator: the site itself when it is https, else the sender's address. */
function defaultVapidSubject(publicUrl: string, mailFrom: string) {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** Without demo data there is no default admin password: an admin comes only from both settings together. */
function requireAdminPair(data: z.infer<typeof configSchema>) {
  if (data.SEED_DEMO_DATA || Boolean(data.SEED_ADMIN_EMAIL) === Boolean(data.SEED_ADMIN_PASSWORD)) return;
  const missing = data.SEED_ADMIN_EMAIL ? 'SEED_ADMIN_PASSWORD' : 'SEED_ADMIN_EMAIL';
  throw new ConfigError(
    `Invalid configuration:\n  ${missing} is not set: with SEED_DEMO_DATA=false the first admin needs both ` +
      'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD (or none, and "npm run admin:create" later).',
  );
}

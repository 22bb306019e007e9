import { generateKeyPairSync, type KeyObject, randomBytes, randomInt, sign, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveLocally } from './local-server.ts';

export interface FakeGooglePlayOptions {
  /** The app's package (GOOGLE_PLAY_PACKAGE_NAME): the only one the service account may read. */
  packageName: string;
  /** A fixed port, for journeys that name GOOGLE_PLAY_API_URL before it starts; any free one by default. */
  port?: number;
}

/** A one-time product purchase as `purchases.products.get` answers it (androidpublisher v3 ProductPurchase). */
export interface FakeProductPurchase {
  kind: 'androidpublisher#productPurchase';
  purchaseTimeMillis: string;
  /** 0 purchased, 1 canceled (or refunded), 2 pending. */
  purchaseState: 0 | 1 | 2;
  /** 0 yet to be consumed, 1 consumed. */
  consumptionState: 0 | 1;
  developerPayload: string;
  orderId: string;
  /** 0 yet to be acknowledged, 1 acknowledged. */
  acknowledgementState: 0 | 1;
  /** Absent when it is 1, as Google leaves it out. */
  quantity?: number;
  refundableQuantity: number;
  regionCode: string;
  /** 0: bought by a license tester (every purchase here is a test one). */
  purchaseType: 0;
}

export interface FakeGooglePlayRequest {
  method: string;
  path: string;
  /** The JSON body, the token request's form fields, or null. */
  body: unknown;
  /** How it authenticated: a JWT assertion (the token request), an access token, or not at all. */
  auth: 'assertion' | 'bearer' | null;
}

/** What a Real-time developer notification says (the `DeveloperNotification` in the Pub/Sub message's data). */
export type FakeRtdnKind = 'purchased' | 'canceled' | 'voided' | 'test';

interface StoredPurchase {
  productId: string;
  token: string;
  purchase: FakeProductPurchase;
}

interface State {
  options: FakeGooglePlayOptions;
  origin: string;
  /** The service accounts Google knows: client_email → public key. */
  accounts: Map<string, KeyObject>;
  /** Signs the stand-in for Pub/Sub's OIDC token on pushes. */
  pushKey: KeyObject;
  tokens: Map<string, number>;
  purchases: Map<string, StoredPurchase>;
  requests: FakeGooglePlayRequest[];
  hangMs: number;
  failures: { times: number; status: number };
}

type Answer = { status: number; body: unknown };

/** A refused request, answered with Google's error envelope (or OAuth's, for the token endpoint). */
class Refusal extends Error {
  answer: Answer;
  constructor(status: number, body: unknown) {
    super(`Google Play answered ${status}`);
    this.answer = { status, body };
  }
}

/** What google-auth-library puts in the assertion's `aud`, whatever token_uri the key file names. */
export const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const PUBLISHER_SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const TOKEN_SECONDS = 3599;
const CLIENT_EMAIL = 'souk-play-billing@souk-test.iam.gserviceaccount.com';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** ONE_TIME_PRODUCT_PURCHASED and ONE_TIME_PRODUCT_CANCELED of Google's OneTimeProductNotification. */
const ONE_TIME_TYPES = { purchased: 1, canceled: 2 } as const;

/**
 * A local Google Play Developer API that `@googleapis/androidpublisher` (and google-auth-library under it) talks to
 * unchanged: rootUrl = `url`, and a service-account key file whose token_uri is this fake's OAuth token endpoint
 * (`serviceAccountFile`). The token endpoint takes the JWT bearer grant and checks the assertion (RS256 signed by a
 * service account it knows, Google's audience, the androidpublisher scope, not expired); the API wants the access
 * token it gave. It serves one-time product purchases (`purchases.products` get, acknowledge, consume) and
 * `orders.refund`, with Google's error envelope { error: { code, message, status } }. `rtdn` builds the Pub/Sub
 * push that Real-time developer notifications arrive in.
 */
export async function startFakeGooglePlay(options: FakeGooglePlayOptions) {
  const folder = mkdtempSync(path.join(tmpdir(), 'souk-google-play-'));
  const state: State = {
    options: { ...options },
    origin: '',
    accounts: new Map(),
    pushKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    tokens: new Map(),
    purchases: new Map(),
    requests: [],
    hangMs: 0,
    failures: { times: 0, status: 500 },
  };
  const { origin, close } = await serveLocally((request, response) => handle(state, request, response), {
    port: options.port,
    onError: (response, error) => reply(response, { status: 500, body: envelope(500, String(error)) }),
    afterClose: () => rmSync(folder, { recursive: true, force: true }),
  });
  state.origin = origin;
  const tokenUrl = `${state.origin}/token`;

  let files = 0;
  /**
   * Writes a service-account key file as the Google Cloud console gives one, its token_uri this fake. `known:
   * false` makes a key Google never issued (its token requests are refused); `email` another account's address.
   */
  const writeServiceAccount = (change: { known?: boolean; email?: string } = {}) => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const email = change.email ?? CLIENT_EMAIL;
    if (change.known !== false) state.accounts.set(email, publicKey);
    const file = path.join(folder, `service-account-${++files}.json`);
    writeFileSync(file, JSON.stringify(serviceAccountJson(email, privateKey, tokenUrl), null, 2));
    return file;
  };
  const serviceAccountFile = writeServiceAccount();

  return {
    /** GOOGLE_PLAY_API_URL (the client's rootUrl). */
    url: state.origin,
    /** The OAuth 2.0 token endpoint: the key files' token_uri. */
    tokenUrl,
    packageName: options.packageName,
    /** GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: a key file of an account allowed to read the app's purchases. */
    serviceAccountFile,
    writeServiceAccount,
    /** Every call, token requests included, oldest first. */
    requests: state.requests,
    ...purchaseControls(state),
    /** A Real-time developer notification about `token`, as Pub/Sub's push subscription POSTs it. */
    rtdn: (kind: FakeRtdnKind, token: string, change: { packageName?: string } = {}) =>
      pubSubPush(state, kind, token, change.packageName ?? options.packageName),
    /** From now on every call takes `ms` before answering; Infinity (the default): none answers. `hang(0)` ends it. */
    hang(ms = Number.POSITIVE_INFINITY) {
      state.hangMs = ms;
    },
    /** The next `times` API calls (not token requests) answer `status` in Google's error envelope. */
    failRequests(times: number, status = 500) {
      state.failures = { times, status };
    },
    close,
  };
}

export type FakeGooglePlay = Awaited<ReturnType<typeof startFakeGooglePlay>>;

function purchaseControls(state: State) {
  const stored = (token: string) => {
    const found = state.purchases.get(token);
    if (!found) throw new Error(`the fake Google Play has no purchase ${token.slice(0, 12)}…`);
    return found;
  };
  return {
    /**
     * The payer buys `productId` (`quantity` of it) in the app's Play Billing flow; resolves the purchase token the
     * device gets. `pending: true`: a slow form of payment, purchaseState 2 until `completePending`.
     */
    buy(productId: string, change: { quantity?: number; pending?: boolean } = {}) {
      const quantity = change.quantity ?? 1;
      const token = purchaseToken();
      const purchase: FakeProductPurchase = {
        kind: 'androidpublisher#productPurchase',
        purchaseTimeMillis: String(Date.now()),
        purchaseState: change.pending ? 2 : 0,
        consumptionState: 0,
        developerPayload: '',
        orderId: `GPA.${digits(4)}-${digits(4)}-${digits(4)}-${digits(5)}`,
        acknowledgementState: 0,
        ...(quantity === 1 ? {} : { quantity }),
        refundableQuantity: quantity,
        regionCode: 'SA',
        purchaseType: 0,
      };
      state.purchases.set(token, { productId, token, purchase });
      return token;
    },
    /** The purchase as Google holds it now (a copy). */
    purchase: (token: string) => structuredClone(stored(token).purchase),
    /** A pending purchase is canceled (the payer never paid the slow form of payment). */
    cancel(token: string) {
      const { purchase } = stored(token);
      purchase.purchaseState = 1;
      purchase.refundableQuantity = 0;
    },
    /** The purchase waits for its payment again (purchaseState 2). */
    makePending(token: string) {
      stored(token).purchase.purchaseState = 2;
    },
    /** A pending purchase is paid. */
    completePending(token: string) {
      stored(token).purchase.purchaseState = 0;
    },
    /** Google voids the purchase (a refund from the Play Console or Google's support, a chargeback). */
    voidPurchase(token: string) {
      voidPurchase(stored(token).purchase);
    },
  };
}

function voidPurchase(purchase: FakeProductPurchase) {
  purchase.purchaseState = 1;
  purchase.refundableQuantity = 0;
}

async function handle(state: State, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', state.origin);
  const raw = await readBody(request);
  const logged: FakeGooglePlayRequest = { method: request.method ?? '', path: url.pathname, body: null, auth: null };
  state.requests.push(logged);
  if (state.hangMs === Number.POSITIVE_INFINITY) return;
  if (state.hangMs > 0) await new Promise((resolve) => setTimeout(resolve, state.hangMs));
  try {
    if (logged.method === 'POST' && url.pathname === '/token') {
      logged.body = Object.fromEntries(new URLSearchParams(raw));
      logged.auth = 'assertion';
      return reply(response, issueToken(state, logged.body as Record<string, string>));
    }
    logged.body = raw ? parseJson(raw) : null;
    if (state.failures.times > 0) {
      state.failures.times--;
      throw new Refusal(state.failures.status, envelope(state.failures.status));
    }
    logged.auth = bearer(state, request);
    reply(response, route(state, logged, url));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    reply(response, error.answer);
  }
}

/** The JWT bearer grant (RFC 7523) as Google's token endpoint takes it from a service account. */
function issueToken(state: State, form: Record<string, string>): Answer {
  if (form.grant_type !== JWT_BEARER) {
    throw new Refusal(400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' });
  }
  const claims = verifiedAssertion(state, form.assertion ?? '');
  const now = Math.floor(Date.now() / 1000);
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  if (!(iat <= now + 60 && exp > now && exp - iat <= 3600)) {
    throw grantRefused('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
  }
  if (claims.aud !== GOOGLE_TOKEN_AUDIENCE) throw grantRefused('Invalid JWT: Failed audience check.');
  if (
    !String(claims.scope ?? '')
      .split(' ')
      .includes(PUBLISHER_SCOPE)
  ) {
    throw new Refusal(400, { error: 'invalid_scope', error_description: 'Invalid OAuth scope or ID token audience.' });
  }
  const token = `ya29.${randomBytes(48).toString('base64url')}`;
  state.tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
  return { status: 200, body: { access_token: token, expires_in: TOKEN_SECONDS, token_type: 'Bearer' } };
}

/** The assertion's claims, once its RS256 signature holds for the key of the account it names. */
function verifiedAssertion(state: State, assertion: string): Record<string, unknown> {
  const [header = '', payload = '', signature = ''] = assertion.split('.');
  let claims: Record<string, unknown>;
  let alg: unknown;
  try {
    alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: unknown }).alg;
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  } catch {
    throw grantRefused('Invalid JWT: could not be decoded.');
  }
  const key = state.accounts.get(String(claims.iss));
  if (!key) throw new Refusal(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
  const genuine =
    alg === 'RS256' && verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'));
  if (!genuine) throw grantRefused('Invalid JWT Signature.');
  return claims;
}

function bearer(state: State, request: IncomingMessage): 'bearer' {
  const given = /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
  if (!given) {
    throw new Refusal(
      401,
      envelope(
        401,
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      ),
    );
  }
  if ((state.tokens.get(given) ?? 0) <= Date.now()) {
    throw new Refusal(
      401,
      envelope(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token.'),
    );
  }
  return 'bearer';
}

const PRODUCT_PATH =
  /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/products\/([^/]+)\/tokens\/([^/:]+)(?::(acknowledge|consume))?$/;
const REFUND_PATH = /^\/androidpublisher\/v3\/applications\/([^/]+)\/orders\/([^/:]+):refund$/;

function route(state: State, request: FakeGooglePlayRequest, url: URL): Answer {
  const product = PRODUCT_PATH.exec(url.pathname);
  const refund = REFUND_PATH.exec(url.pathname);
  const packageName = decodeURIComponent(product?.[1] ?? refund?.[1] ?? '');
  if ((product || refund) && packageName !== state.options.packageName) {
    throw new Refusal(404, envelope(404, 'No application was found for the given package name.'));
  }
  const answer = product
    ? productCall(state, request, product)
    : refund && request.method === 'POST'
      ? refundOrder(state, decodeURIComponent(refund[2] ?? ''), url)
      : undefined;
  if (!answer) throw new Refusal(404, envelope(404, `The requested URL ${url.pathname} was not found on this server.`));
  return answer;
}

/** purchases.products: get, :acknowledge, :consume. */
function productCall(state: State, request: FakeGooglePlayRequest, match: RegExpExecArray): Answer | undefined {
  const [, , productId = '', token = '', action] = match.map((part) => part && decodeURIComponent(part));
  const found = purchaseFor(state, productId, token);
  if (!action && request.method === 'GET') return { status: 200, body: structuredClone(found.purchase) };
  if (action === 'acknowledge' && request.method === 'POST') return acknowledge(found, request.body);
  if (action === 'consume' && request.method === 'POST') return consume(found);
  return undefined;
}

function purchaseFor(state: State, productId: string, token: string) {
  const found = state.purchases.get(token);
  // Google answers a token it never gave, or one given for another product, as an invalid value.
  if (!found || found.productId !== productId) throw new Refusal(400, envelope(400, 'Invalid Value'));
  return found;
}

function acknowledge(found: StoredPurchase, body: unknown): Answer {
  const { purchase } = found;
  if (purchase.purchaseState !== 0) throw invalidState();
  if (purchase.acknowledgementState === 1) {
    throw new Refusal(400, envelope(400, 'The purchase has already been acknowledged.'));
  }
  purchase.acknowledgementState = 1;
  const payload = (body as { developerPayload?: unknown } | null)?.developerPayload;
  if (typeof payload === 'string') purchase.developerPayload = payload;
  return { status: 200, body: null };
}

/** Consuming acknowledges too, as Google's does: the product can be bought again. */
function consume(found: StoredPurchase): Answer {
  const { purchase } = found;
  if (purchase.purchaseState !== 0) throw invalidState();
  if (purchase.consumptionState === 1) {
    throw new Refusal(400, envelope(400, 'The product purchase has already been consumed.'));
  }
  purchase.consumptionState = 1;
  purchase.acknowledgementState = 1;
  return { status: 200, body: null };
}

function refundOrder(state: State, orderId: string, url: URL): Answer {
  const found = [...state.purchases.values()].find(({ purchase }) => purchase.orderId === orderId);
  if (!found) throw new Refusal(404, envelope(404, 'The order was not found.'));
  if (found.purchase.refundableQuantity === 0) {
    throw new Refusal(400, envelope(400, 'The order has already been fully refunded.'));
  }
  if (found.purchase.purchaseState !== 0) throw invalidState();
  voidPurchase(found.purchase);
  if (url.searchParams.get('revoke') === 'true') found.purchase.consumptionState = 1;
  return { status: 200, body: null };
}

const invalidState = () =>
  new Refusal(400, envelope(400, 'The purchase is not in a valid state to perform the desired operation.'));

/** The body Pub/Sub POSTs to a push endpoint: the DeveloperNotification, base64, in `message.data`. */
function pubSubPush(state: State, kind: FakeRtdnKind, token: string, packageName: string) {
  const found = state.purchases.get(token);
  if (!found && kind !== 'test') throw new Error(`the fake Google Play has no purchase ${token.slice(0, 12)}…`);
  const eventTimeMillis = String(Date.now());
  const notification =
    kind === 'test' || !found
      ? { testNotification: { version: '1.0' } }
      : kind === 'voided'
        ? {
            voidedPurchaseNotification: {
              purchaseToken: token,
              orderId: found.purchase.orderId,
              productType: 2,
              refundType: 1,
            },
          }
        : {
            oneTimeProductNotification: {
              version: '1.0',
              notificationType: ONE_TIME_TYPES[kind],
              purchaseToken: token,
              sku: found.productId,
            },
          };
  const messageId = `1${digits(15)}`;
  const publishTime = new Date().toISOString();
  const body = JSON.stringify({
    message: {
      attributes: {},
      data: Buffer.from(JSON.stringify({ version: '1.0', packageName, eventTimeMillis, ...notification })).toString(
        'base64',
      ),
      messageId,
      message_id: messageId,
      publishTime,
      publish_time: publishTime,
    },
    subscription: 'projects/souk-test/subscriptions/play-billing-push',
  });
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)',
    authorization: `Bearer ${pushToken(state)}`,
  };
  return { body, headers, messageId };
}

/** Stands for the OIDC token Pub/Sub signs for a push subscription (its key is no one's the app could check). */
function pushToken(state: State) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const input = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
    iss: 'https://accounts.google.com',
    aud: `${state.origin}/push`,
    email: 'service-0@gcp-sa-pubsub.iam.gserviceaccount.com',
    email_verified: true,
    iat: now,
    exp: now + 3600,
  })}`;
  return `${input}.${sign('sha256', Buffer.from(input), state.pushKey).toString('base64url')}`;
}

function serviceAccountJson(email: string, privateKey: KeyObject, tokenUri: string) {
  const clientId = digits(21);
  return {
    type: 'service_account',
    project_id: 'souk-test',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: email,
    client_id: clientId,
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: tokenUri,
    auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
    client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(email)}`,
    universe_domain: 'googleapis.com',
  };
}

const STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const DEFAULT_MESSAGES: Record<number, string> = {
  429: 'Quota exceeded.',
  500: 'Internal error encountered.',
  503: 'The service is currently unavailable.',
};

/** Google's JSON error envelope. */
function envelope(code: number, message = DEFAULT_MESSAGES[code] ?? 'Error') {
  const reason = code === 400 ? 'invalid' : code === 401 ? 'required' : 'backendError';
  return {
    error: { code, message, errors: [{ message, domain: 'global', reason }], status: STATUSES[code] ?? 'UNKNOWN' },
  };
}

const grantRefused = (description: string) =>
  new Refusal(400, { error: 'invalid_grant', error_description: description });

function reply(response: ServerResponse, answer: Answer) {
  if (answer.body === null) return response.writeHead(answer.status).end();
  response
    .writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8' })
    .end(JSON.stringify(answer.body));
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new Refusal(400, envelope(400, 'Invalid JSON payload received.'));
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** A purchase token's look: letters, then a long dotted base64url tail. */
const purchaseToken = () =>
  `${randomBytes(18).toString('base64url').replace(/[-_]/g, 'a').slice(0, 24)}.AO-J1O${randomBytes(96).toString('base64url')}`;
const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

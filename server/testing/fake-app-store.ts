import { execFileSync } from 'node:child_process';
import {
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomInt,
  randomUUID,
  sign,
  verify,
  X509Certificate,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveLocally } from './local-server.ts';

export interface FakeAppStoreOptions {
  /** APPLE_IAP_BUNDLE_ID: the app whose transactions these are, and the `bid` its API tokens must carry. */
  bundleId: string;
  /** APPLE_IAP_APP_ID: the app's Apple id, carried by notifications (checked in Production). */
  appAppleId?: number;
  /** The environment the transactions and notifications name. */
  environment?: 'Production' | 'Sandbox';
  /** A fixed port, for journeys that name APPLE_IAP_API_URL before it starts; any free one by default. */
  port?: number;
}

/** A transaction's payload as Apple signs it (JWSTransactionDecodedPayload), for a consumable. */
export interface FakeTransaction {
  transactionId: string;
  originalTransactionId: string;
  bundleId: string;
  productId: string;
  purchaseDate: number;
  originalPurchaseDate: number;
  quantity: number;
  type: 'Consumable';
  inAppOwnershipType: 'PURCHASED';
  signedDate: number;
  environment: 'Production' | 'Sandbox';
  transactionReason: 'PURCHASE';
  storefront: string;
  storefrontId: string;
  /** In milliunits of the currency: 4990 is 4.99. */
  price: number;
  currency: string;
  appTransactionId: string;
  revocationDate?: number;
  /** 0: refunded for another reason; 1: refunded for an issue in the app. */
  revocationReason?: 0 | 1;
  revocationType?: 'REFUND_FULL';
}

export interface FakeAppStoreRequest {
  method: string;
  path: string;
  /** Whether the bearer token held (ES256 by the in-app key, right issuer, bundle and audience, not expired). */
  authorized: boolean;
}

/** Whose certificate chain signs: Apple's (the root at `rootCertificateFile`), or one under a root nobody trusts. */
export type FakeAppleSigner = 'apple' | 'stranger';

interface Chain {
  /** The leaf's key: it signs. */
  key: KeyObject;
  /** Leaf, intermediate, root: base64 DER, as a JWS's x5c header carries them. */
  x5c: [string, string, string];
  rootDer: Buffer;
}

interface StoredTransaction {
  payload: FakeTransaction;
  signer: FakeAppleSigner;
}

interface State {
  options: Required<Omit<FakeAppStoreOptions, 'port'>>;
  origin: string;
  keyId: string;
  issuerId: string;
  apiKey: KeyObject;
  chains: Record<FakeAppleSigner, Chain>;
  transactions: Map<string, StoredTransaction>;
  requests: FakeAppStoreRequest[];
  hangMs: number;
  failures: { times: number; status: number };
}

type Answer = { status: number; body: unknown };

const TRANSACTION_PATH = /^\/inApps\/v1\/transactions\/([^/]+)$/;
const ERRORS: Record<number, { errorCode: number; errorMessage: string }> = {
  429: { errorCode: 4290000, errorMessage: 'Rate limit exceeded.' },
  500: { errorCode: 5000000, errorMessage: 'An unknown error occurred.' },
  503: { errorCode: 5000001, errorMessage: 'An unknown error occurred. Please try again.' },
};

/**
 * A local App Store Server API that `@apple/app-store-server-library` talks to (APPLE_IAP_API_URL = `url`): Get
 * Transaction Info (GET /inApps/v1/transactions/{transactionId}) answering { signedTransactionInfo }, signed as
 * Apple signs: an ES256 JWS whose x5c header carries leaf → intermediate → root, the leaf and intermediate with
 * Apple's marker extensions (1.2.840.113635.100.6.11.1 and 1.2.840.113635.100.6.2.1), the chain made by openssl for
 * this run under a root only this fake has (APPLE_ROOT_CA_FILES = `rootCertificateFile`). It wants the bearer JWT
 * the library makes with the in-app purchase key (`privateKeyFile`, `keyId`, `issuerId`) and answers Apple's
 * { errorCode, errorMessage }. `notification` makes App Store Server Notifications V2, signed the same way.
 */
export async function startFakeAppStore(options: FakeAppStoreOptions) {
  const folder = mkdtempSync(path.join(tmpdir(), 'souk-app-store-'));
  const apiKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  const state: State = {
    options: {
      bundleId: options.bundleId,
      appAppleId: options.appAppleId ?? 1_234_567_890,
      environment: options.environment ?? 'Sandbox',
    },
    origin: '',
    keyId: randomBytes(8).toString('hex').toUpperCase().slice(0, 10),
    issuerId: randomUUID(),
    apiKey,
    chains: { apple: certificateChain(folder, 'apple'), stranger: certificateChain(folder, 'stranger') },
    transactions: new Map(),
    requests: [],
    hangMs: 0,
    failures: { times: 0, status: 500 },
  };
  const privateKeyFile = path.join(folder, `SubscriptionKey_${state.keyId}.p8`);
  writeFileSync(privateKeyFile, apiKey.export({ type: 'pkcs8', format: 'pem' }));
  const rootCertificateFile = path.join(folder, 'AppleRootCA-G3.cer');
  writeFileSync(rootCertificateFile, state.chains.apple.rootDer);
  const strangerRootFile = path.join(folder, 'StrangerRootCA.cer');
  writeFileSync(strangerRootFile, state.chains.stranger.rootDer);

  const { origin, close } = await serveLocally((request, response) => handle(state, request, response), {
    port: options.port,
    onError: (response) => reply(response, { status: 500, body: ERRORS[500] }),
    afterClose: () => rmSync(folder, { recursive: true, force: true }),
  });
  state.origin = origin;
  return {
    /** APPLE_IAP_API_URL */
    url: state.origin,
    /** APPLE_ROOT_CA_FILES: the root (DER) that the fake's chain ends in. */
    rootCertificateFile,
    /** The root of the stranger's chain, for a verifier that trusts only it. */
    strangerRootFile,
    /** APPLE_IAP_PRIVATE_KEY_FILE, APPLE_IAP_KEY_ID, APPLE_IAP_ISSUER_ID: the in-app purchase key. */
    privateKeyFile,
    keyId: state.keyId,
    issuerId: state.issuerId,
    bundleId: state.options.bundleId,
    appAppleId: state.options.appAppleId,
    environment: state.options.environment,
    /** Every API call, oldest first. */
    requests: state.requests,
    ...transactionControls(state),
    /**
     * An App Store Server Notification V2 about the transaction, as Apple POSTs it: body { signedPayload }. REFUND and
     * REVOKE revoke the transaction first (Apple's record and its notification agree). `bundleId` names another app.
     */
    notification(
      type: string,
      transactionId: string,
      change: { subtype?: string; signer?: FakeAppleSigner; bundleId?: string } = {},
    ) {
      if ((type === 'REFUND' || type === 'REVOKE') && !stored(state, transactionId).payload.revocationDate) {
        revoke(state, transactionId, 0);
      }
      return notificationOf(state, type, transactionId, change);
    },
    /** A JWS of `payload` with `signer`'s chain, as Apple signs one (to forge or alter one in a test). */
    signed: (payload: unknown, signer: FakeAppleSigner = 'apple') => jws(state.chains[signer], payload),
    /** From now on the API takes `ms` before answering; Infinity (the default): it never answers. `hang(0)` ends it. */
    hang(ms = Number.POSITIVE_INFINITY) {
      state.hangMs = ms;
    },
    /** The next `times` API calls answer `status` with Apple's error body. */
    failRequests(times: number, status = 500) {
      state.failures = { times, status };
    },
    close,
  };
}

export type FakeAppStore = Awaited<ReturnType<typeof startFakeAppStore>>;

function transactionControls(state: State) {
  return {
    /**
     * The payer buys `productId` (`quantity` of it) through StoreKit; resolves the transaction's id, what the app
     * sends as its proof. `signer: 'stranger'` makes the API serve it signed under another root; `bundleId` makes it
     * another app's.
     */
    buy(productId: string, change: { quantity?: number; signer?: FakeAppleSigner; bundleId?: string } = {}) {
      const transactionId = `2000000${digits(9)}`;
      const now = Date.now();
      const payload: FakeTransaction = {
        transactionId,
        originalTransactionId: transactionId,
        bundleId: change.bundleId ?? state.options.bundleId,
        productId,
        purchaseDate: now,
        originalPurchaseDate: now,
        quantity: change.quantity ?? 1,
        type: 'Consumable',
        inAppOwnershipType: 'PURCHASED',
        signedDate: now,
        environment: state.options.environment,
        transactionReason: 'PURCHASE',
        storefront: 'SAU',
        storefrontId: '143479',
        price: 3990 * (change.quantity ?? 1),
        currency: 'SAR',
        appTransactionId: `70${digits(15)}`,
      };
      state.transactions.set(transactionId, { payload, signer: change.signer ?? 'apple' });
      return transactionId;
    },
    /** The transaction as Apple holds it now (a copy). */
    transaction: (transactionId: string) => structuredClone(stored(state, transactionId).payload),
    /** Apple refunds the purchase (the payer asked Apple): the transaction gets a revocation date. */
    revoke(transactionId: string, reason: 0 | 1 = 0) {
      revoke(state, transactionId, reason);
    },
  };
}

function stored(state: State, transactionId: string) {
  const found = state.transactions.get(transactionId);
  if (!found) throw new Error(`the fake App Store has no transaction ${transactionId}`);
  return found;
}

function revoke(state: State, transactionId: string, reason: 0 | 1) {
  const { payload } = stored(state, transactionId);
  payload.revocationDate = Date.now();
  payload.revocationReason = reason;
  payload.revocationType = 'REFUND_FULL';
}

function notificationOf(
  state: State,
  type: string,
  transactionId: string,
  change: { subtype?: string; signer?: FakeAppleSigner; bundleId?: string },
) {
  const transaction = stored(state, transactionId);
  const notificationUUID = randomUUID();
  const signer = change.signer ?? 'apple';
  const payload = {
    notificationType: type,
    ...(change.subtype ? { subtype: change.subtype } : {}),
    notificationUUID,
    data: {
      appAppleId: state.options.appAppleId,
      bundleId: change.bundleId ?? state.options.bundleId,
      bundleVersion: '1.0',
      environment: state.options.environment,
      signedTransactionInfo: jws(state.chains[transaction.signer], { ...transaction.payload, signedDate: Date.now() }),
    },
    version: '2.0',
    signedDate: Date.now(),
  };
  const signedPayload = jws(state.chains[signer], payload);
  return { body: JSON.stringify({ signedPayload }), signedPayload, notificationUUID };
}

async function handle(state: State, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', state.origin);
  await readBody(request);
  const logged: FakeAppStoreRequest = { method: request.method ?? '', path: url.pathname, authorized: false };
  state.requests.push(logged);
  if (state.hangMs === Number.POSITIVE_INFINITY) return;
  if (state.hangMs > 0) await new Promise((resolve) => setTimeout(resolve, state.hangMs));
  logged.authorized = authorized(state, request);
  // Apple answers a token it does not take with a bare 401.
  if (!logged.authorized) return response.writeHead(401).end('Unauthenticated\n');
  if (state.failures.times > 0) {
    state.failures.times--;
    return reply(response, { status: state.failures.status, body: ERRORS[state.failures.status] ?? ERRORS[500] });
  }
  const match = TRANSACTION_PATH.exec(url.pathname);
  if (!match || request.method !== 'GET') {
    return reply(response, { status: 404, body: { errorCode: 4040000, errorMessage: 'Not found.' } });
  }
  reply(response, transactionInfo(state, decodeURIComponent(match[1] ?? '')));
}

/** Get Transaction Info: the transaction as a signed JWS, or Apple's error for an invalid or unknown id. */
function transactionInfo(state: State, transactionId: string): Answer {
  if (!/^\d{1,20}$/.test(transactionId)) {
    return { status: 400, body: { errorCode: 4000006, errorMessage: 'Invalid transaction id.' } };
  }
  const found = state.transactions.get(transactionId);
  if (!found) return { status: 404, body: { errorCode: 4040010, errorMessage: 'Transaction id not found.' } };
  const signedTransactionInfo = jws(state.chains[found.signer], { ...found.payload, signedDate: Date.now() });
  return { status: 200, body: { signedTransactionInfo } };
}

/** The App Store Server API's token: ES256 with the in-app key, kid, iss, bid, aud appstoreconnect-v1, ≤ 1 hour. */
function authorized(state: State, request: IncomingMessage) {
  const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
  const [header = '', payload = '', signature = ''] = token.split('.');
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    const exp = Number(claims.exp);
    const iat = Number(claims.iat);
    return (
      head.alg === 'ES256' &&
      head.kid === state.keyId &&
      claims.iss === state.issuerId &&
      claims.bid === state.options.bundleId &&
      claims.aud === 'appstoreconnect-v1' &&
      exp > now &&
      iat <= now + 60 &&
      exp - iat <= 3600 &&
      verify(
        'sha256',
        Buffer.from(`${header}.${payload}`),
        { key: state.apiKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      )
    );
  } catch {
    return false;
  }
}

/** A compact JWS, ES256, with the chain in x5c: what Apple's signed data looks like. */
function jws(chain: Chain, payload: unknown) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'ES256', x5c: chain.x5c })}.${encode(payload)}`;
  const signature = sign('sha256', Buffer.from(input), { key: chain.key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/**
 * The extensions of Apple's chain: a CA root; an intermediate CA marked as Apple's WWDR intermediate
 * (1.2.840.113635.100.6.2.1); a leaf marked as the App Store's receipt signer (1.2.840.113635.100.6.11.1).
 */
const EXTENSIONS = `[req]
distinguished_name = dn
[dn]
[root]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[intermediate]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
1.2.840.113635.100.6.2.1 = ASN1:NULL
[leaf]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
1.2.840.113635.100.6.11.1 = ASN1:NULL
`;
const SUBJECTS = {
  root: '/CN=Apple Root CA - G3/OU=Apple Certification Authority/O=Apple Inc./C=US',
  intermediate: '/CN=Apple Worldwide Developer Relations Certification Authority/OU=G6/O=Apple Inc./C=US',
  leaf: '/CN=Prod ECC Mac App Store and iTunes Store Receipt Signing/OU=Apple Worldwide Developer Relations/O=Apple Inc./C=US',
};

/**
 * Root → intermediate → leaf, P-256 keys, made by openssl for this run. The stranger's chain has the same names
 * under another root key: only a verifier that checks the signatures tells them apart.
 */
function certificateChain(folder: string, name: string): Chain {
  const file = (part: string) => path.join(folder, `${name}-${part}`);
  const config = file('openssl.cnf');
  writeFileSync(config, EXTENSIONS);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl(
    ...['req', '-x509', ...ec, '-keyout', file('root.key'), '-out', file('root.pem'), '-days', '3'],
    ...['-subj', SUBJECTS.root, '-config', config, '-extensions', 'root'],
  );
  // The names come from each request (-subj); the extensions from the issuer's side (-extfile), as a CA does.
  const request = (part: 'intermediate' | 'leaf') =>
    openssl(
      ...['req', '-new', ...ec, '-keyout', file(`${part}.key`), '-out', file(`${part}.csr`)],
      ...['-subj', SUBJECTS[part], '-config', config],
    );
  for (const [part, issuer] of [
    ['intermediate', 'root'],
    ['leaf', 'intermediate'],
  ] as const) {
    request(part);
    openssl(
      ...['x509', '-req', '-in', file(`${part}.csr`), '-CA', file(`${issuer}.pem`), '-CAkey', file(`${issuer}.key`)],
      ...['-set_serial', `0x${randomBytes(8).toString('hex')}`, '-days', '2', '-out', file(`${part}.pem`)],
      ...['-extfile', config, '-extensions', part],
    );
  }
  const der = (part: string) => new X509Certificate(readFileSync(file(`${part}.pem`))).raw;
  return {
    key: createPrivateKey(readFileSync(file('leaf.key'))),
    x5c: [der('leaf').toString('base64'), der('intermediate').toString('base64'), der('root').toString('base64')],
    rootDer: der('root'),
  };
}

function reply(response: ServerResponse, answer: Answer) {
  response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

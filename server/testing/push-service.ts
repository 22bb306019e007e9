import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  type KeyObject,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeWhenFileEnds } from './cleanup.ts';

/** What `PushSubscription.toJSON()` gives a page: the endpoint and the browser's keys. */
export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

interface Subscription {
  /** The VAPID public key the page subscribed with (applicationServerKey): only its signatures are taken. */
  applicationServerKey: string;
  ecdh: ECDH;
  authSecret: Buffer;
  received: string[];
  gone: boolean;
  /** Pushes still to answer 503 Service Unavailable before taking them. */
  failures: number;
}

/** A push the service turned away, and why (the tests expect none unless they provoke one). */
export interface Refusal {
  endpoint: string;
  status: number;
  reason: string;
}

/**
 * A local Web Push service (RFC 8030) over https that plays the browser too. `subscribe` makes a subscription
 * as a browser does (a P-256 key pair and a 16-byte auth secret, bound to the page's applicationServerKey). A push
 * must carry `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: ES256 by that key, `aud` the endpoint's origin,
 * `exp` in the future and within 24 hours, a `sub`), a TTL and an `aes128gcm` body (RFC 8188), which it decrypts
 * with the subscription's private key (RFC 8291) and keeps. `markGone` makes an endpoint answer 410 Gone.
 */
/** `port` and `folder` (its certificate) fixed for the browser journeys, which name them before it starts. */
export async function startPushService(options: { port?: number; folder?: string } = {}) {
  const folder = options.folder ?? mkdtempSync(path.join(tmpdir(), 'souk-push-'));
  mkdirSync(folder, { recursive: true });
  const tls = selfSignedCertificate(folder);
  const subscriptions = new Map<string, Subscription>();
  const refusals: Refusal[] = [];
  const server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    handle(request, response, subscriptions, refusals).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  // A real push service keeps a connection open far longer than Node's 5 s: at 5 s, a loaded machine's client
  // could send on a socket the server was closing (socket hang up), and the push waited for its retry.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  const find = (endpoint: string) => {
    const subscription = subscriptions.get(new URL(endpoint).pathname);
    if (!subscription) throw new Error(`no subscription at ${endpoint}`);
    return subscription;
  };
  closeWhenFileEnds(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    origin,
    /** The PUSH_ENDPOINT_HOSTS entry that allows this service. */
    host: `127.0.0.1:${port}`,
    /** The PUSH_CA_FILE that makes its certificate trusted. */
    caFile: tls.certFile,
    refusals,
    /** A new subscription, as `pushManager.subscribe({ applicationServerKey })` makes in a browser. */
    subscribe(applicationServerKey: string): BrowserSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const pathname = `/push/${randomUUID()}`;
      subscriptions.set(pathname, { applicationServerKey, ecdh, authSecret, received: [], gone: false, failures: 0 });
      return {
        endpoint: `${origin}${pathname}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      };
    },
    /** The decrypted payloads pushed to `endpoint`, oldest first. */
    received: (endpoint: string) => [...find(endpoint).received],
    /** From now on `endpoint` answers 410 Gone, as when the browser unsubscribed or the user revoked permission. */
    markGone(endpoint: string) {
      find(endpoint).gone = true;
    },
    /** The next `times` pushes to `endpoint` answer 503, as a push service under load does. */
    failNext(endpoint: string, times: number) {
      find(endpoint).failures = times;
    },
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  subscriptions: Map<string, Subscription>,
  refusals: Refusal[],
) {
  const body = await readBody(request);
  const pathname = new URL(request.url ?? '/', 'https://push.invalid').pathname;
  const subscription = subscriptions.get(pathname);
  const origin = `https://${request.headers.host}`;
  const refuse = (status: number, reason: string) => {
    refusals.push({ endpoint: `${origin}${pathname}`, status, reason });
    response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
  };
  if (request.method !== 'POST' || !subscription) return refuse(404, 'no such subscription');
  if (subscription.gone) return refuse(410, 'the subscription has expired or was removed');
  if (subscription.failures > 0) {
    subscription.failures--;
    response.writeHead(503, { 'retry-after': '1' }).end('busy');
    return;
  }
  const problem =
    vapidProblem(request.headers.authorization, origin, subscription.applicationServerKey) ??
    headerProblem(request.headers);
  if (problem) return refuse(problem.status, problem.reason);
  try {
    subscription.received.push(decrypt(body, subscription.ecdh, subscription.authSecret).toString('utf8'));
  } catch (error) {
    return refuse(400, `the body does not decrypt: ${String(error)}`);
  }
  response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
}

function headerProblem(headers: IncomingMessage['headers']) {
  if (headers['content-encoding'] !== 'aes128gcm') return { status: 415, reason: 'Content-Encoding must be aes128gcm' };
  if (!/^\d+$/.test(String(headers.ttl ?? ''))) return { status: 400, reason: 'a TTL header is required' };
  return null;
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, an ES256 JWT signed by the key the subscription was made with. */
export function vapidProblem(authorization: string | undefined, origin: string, applicationServerKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return { status: 401, reason: 'no vapid Authorization header' };
  const [, token = '', key = ''] = match;
  if (key !== applicationServerKey) return { status: 403, reason: 'k is not the key the subscription was made with' };
  const [header = '', claims = '', signature = ''] = token.split('.');
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: p256PublicKey(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return { status: 403, reason: 'the JWT signature does not verify with k' };
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  const now = Date.now() / 1000;
  if (alg !== 'ES256') return { status: 403, reason: 'the JWT is not ES256' };
  if (jwt.aud !== origin) return { status: 403, reason: `aud ${jwt.aud} is not ${origin}` };
  if (typeof jwt.exp !== 'number' || jwt.exp <= now || jwt.exp > now + 24 * 3600) {
    return { status: 403, reason: 'exp is not in the next 24 hours' };
  }
  if (!jwt.sub || !/^(mailto:|https:)/.test(jwt.sub)) return { status: 403, reason: 'sub is missing' };
  return null;
}

/** An uncompressed P-256 point (65 bytes) as a public key. */
function p256PublicKey(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
  const coordinate = (from: number) => point.subarray(from, from + 32).toString('base64url');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) }, format: 'jwk' });
}

/**
 * RFC 8291 with the RFC 8188 record format: salt (16) | record size (4) | key id length (1) | key id (the
 * sender's ephemeral public key) | records, each sealed with AES-128-GCM under a key and nonce derived from the
 * ECDH secret and the browser's auth secret.
 */
export function decrypt(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(senderKey), authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonceBase = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= records.length;
    plain.push(openRecord(record, cek, nonceOf(nonceBase, sequence), last));
  }
  return Buffer.concat(plain);
}

function nonceOf(base: Buffer, sequence: number) {
  const nonce = Buffer.from(base);
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
  return nonce;
}

/** Decrypts one record and removes its padding: the delimiter (2 on the last record, 1 before) and zeros. */
function openRecord(record: Buffer, cek: Buffer, nonce: Buffer, last: boolean) {
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== (last ? 2 : 1)) throw new Error('a record has no padding delimiter');
  return padded.subarray(0, end);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** A certificate for 127.0.0.1 made by openssl for this run (it is its own authority: PUSH_CA_FILE). */
function selfSignedCertificate(folder: string) {
  const keyFile = path.join(folder, 'key.pem');
  const certFile = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile), cert: readFileSync(certFile), certFile };
}

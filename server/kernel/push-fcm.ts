import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PushPayload } from '../../contract/notification-basics.ts';
import { type DeviceTarget, PUSH_TIMEOUT_MS, PUSH_TTL_SECONDS, type PushOutcome, type PushSender } from './push.ts';

/** The fields of a Google service-account key file that the OAuth 2.0 JWT-bearer flow needs. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  private_key_id?: string;
  /** Where access tokens come from; Google's is https://oauth2.googleapis.com/token. */
  token_uri: string;
}

export interface FcmOptions {
  serviceAccount: ServiceAccount;
  /** https://fcm.googleapis.com, or a local service speaking the same API. */
  apiUrl: string;
}

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** An access token is renewed this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Reads and checks a service-account file (FCM_SERVICE_ACCOUNT_FILE); a wrong file stops the start. */
export function readServiceAccount(file: string): ServiceAccount {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceAccount>;
  for (const field of ['project_id', 'client_email', 'private_key', 'token_uri'] as const) {
    if (typeof json[field] !== 'string' || json[field] === '') {
      throw new Error(`${file}: the service-account file has no "${field}"`);
    }
  }
  return json as ServiceAccount;
}

/**
 * Firebase Cloud Messaging HTTP v1: `POST {apiUrl}/v1/projects/{project}/messages:send` with an OAuth 2.0 access
 * token obtained by the JWT-bearer grant (RFC 7523) signed with the service account's key, at the file's
 * `token_uri`. The token is kept until a minute before it expires.
 */
export function createFcmSender(options: FcmOptions): PushSender {
  const account = options.serviceAccount;
  const key = createPrivateKey(account.private_key);
  const endpoint = new URL(
    `/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`,
    `${options.apiUrl.replace(/\/$/, '')}/`,
  );
  const tokens = accessTokens(account, key);
  return {
    async send(target, payload) {
      if (target.kind !== 'device') throw new Error('the FCM sender reaches device tokens only');
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokens.current()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: fcmMessage(target, payload) }),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      if (response.status === 401) tokens.forget();
      return outcomeOf(response);
    },
  };
}

/** What FCM shows on the lock screen, what the app reads when it is pressed, and the tag that replaces older ones. */
export function fcmMessage(target: DeviceTarget, payload: PushPayload) {
  return {
    token: target.token,
    notification: { title: payload.title, body: payload.body },
    data: { url: payload.url, tag: payload.tag, notification_id: String(payload.notification_id) },
    android: { ttl: `${PUSH_TTL_SECONDS}s`, notification: { tag: payload.tag } },
    apns: { headers: { 'apns-collapse-id': payload.tag.slice(0, 64) } },
  };
}

async function outcomeOf(response: Response): Promise<PushOutcome> {
  if (response.ok) {
    await response.body?.cancel();
    return 'sent';
  }
  const text = await response.text().catch(() => '');
  if (isUnregistered(response.status, text)) return 'gone';
  throw new Error(`FCM answered ${response.status}: ${text.slice(0, 300)}`);
}

/** 404 NOT_FOUND, or an error whose FcmError detail says UNREGISTERED: the app was removed or the token expired. */
function isUnregistered(status: number, text: string) {
  if (status === 404) return true;
  try {
    const error = (JSON.parse(text) as { error?: { details?: Array<{ errorCode?: string }> } }).error;
    return (error?.details ?? []).some((detail) => detail.errorCode === 'UNREGISTERED');
  } catch {
    return false;
  }
}

function accessTokens(account: ServiceAccount, key: KeyObject) {
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const fetchToken = async () => {
    const response = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: signedAssertion(account, key),
      }),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`the OAuth token endpoint answered ${response.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('the OAuth token endpoint answered no access_token');
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  };
  return {
    current(): Promise<string> {
      if (cached && cached.expiresAt > Date.now()) return Promise.resolve(cached.token);
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    forget() {
      cached = undefined;
    },
  };
}

/** The RS256 JWT a service account presents for an access token (Google's "JWT-bearer" service-account flow). */
export function signedAssertion(account: ServiceAccount, key: KeyObject, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) };
  const claims = {
    iss: account.client_email,
    scope: FCM_SCOPE,
    aud: account.token_uri,
    iat: issuedAt,
    exp: issuedAt + 3600,
  };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');

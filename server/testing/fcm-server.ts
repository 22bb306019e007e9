import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeWhenFileEnds } from './cleanup.ts';

/** A message FCM took: the `message` object of `messages:send`. */
export interface FcmMessage {
  token: string;
  notification?: { title?: string; body?: string };
  data?: Record<string, string>;
  android?: unknown;
  apns?: unknown;
}

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const PROJECT = 'souk-test';

/**
 * A local Firebase Cloud Messaging HTTP v1 and the OAuth 2.0 token endpoint of its service account. The account
 * has an RSA key made for this run, written into a service-account file whose `token_uri` points here. The token
 * endpoint takes only a JWT-bearer assertion (RFC 7523) signed RS256 by that key for that `token_uri`, with the
 * messaging scope and a current `exp`, and issues an access token; `messages:send` takes only that token, keeps
 * the message, and answers 404 UNREGISTERED for a token marked gone, as FCM does for an uninstalled app.
 */
export async function startFakeFcm() {
  const folder = mkdtempSync(path.join(tmpdir(), 'souk-fcm-'));
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const state = {
    publicKey,
    clientEmail: `push@${PROJECT}.iam.gserviceaccount.com`,
    tokenUri: '',
    accessTokens: new Set<string>(),
    gone: new Set<string>(),
    messages: [] as FcmMessage[],
    refusals: [] as Array<{ status: number; reason: string }>,
  };
  const server = createServer((request, response) => {
    handle(request, response, state).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.tokenUri = `${origin}/token`;
  const serviceAccountFile = path.join(folder, 'service-account.json');
  const serviceAccount = {
    type: 'service_account',
    project_id: PROJECT,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    client_email: state.clientEmail,
    token_uri: state.tokenUri,
  };
  writeFileSync(serviceAccountFile, JSON.stringify(serviceAccount));
  closeWhenFileEnds(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    /** FCM_API_URL */
    apiUrl: origin,
    /** FCM_SERVICE_ACCOUNT_FILE */
    serviceAccountFile,
    messages: state.messages,
    refusals: state.refusals,
    /** How many access tokens were issued. */
    tokensIssued: () => state.accessTokens.size,
    /** From now on a message to `token` answers 404 UNREGISTERED. */
    markGone(token: string) {
      state.gone.add(token);
    },
  };
}

type State = {
  publicKey: KeyObject;
  clientEmail: string;
  tokenUri: string;
  accessTokens: Set<string>;
  gone: Set<string>;
  messages: FcmMessage[];
  refusals: Array<{ status: number; reason: string }>;
};

async function handle(request: IncomingMessage, response: ServerResponse, state: State) {
  const body = await readBody(request);
  const send = (status: number, json: unknown) => {
    if (status >= 400) state.refusals.push({ status, reason: JSON.stringify(json) });
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  };
  if (request.method === 'POST' && request.url === '/token') return issueToken(body, state, send);
  if (request.method === 'POST' && request.url === `/v1/projects/${PROJECT}/messages:send`) {
    return acceptMessage(request, body, state, send);
  }
  send(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
}

type Send = (status: number, json: unknown) => void;

function issueToken(body: string, state: State, send: Send) {
  const form = new URLSearchParams(body);
  if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
    return send(400, { error: 'unsupported_grant_type' });
  }
  const problem = assertionProblem(form.get('assertion') ?? '', state);
  if (problem) return send(400, { error: 'invalid_grant', error_description: problem });
  const token = `ya29.${randomBytes(24).toString('base64url')}`;
  state.accessTokens.add(token);
  send(200, { access_token: token, token_type: 'Bearer', expires_in: 3599 });
}

function assertionProblem(assertion: string, state: State) {
  const [header = '', claims = '', signature = ''] = assertion.split('.');
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    state.publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'Invalid JWT Signature.';
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  const now = Date.now() / 1000;
  if (alg !== 'RS256') return 'the assertion is not RS256';
  if (jwt.iss !== state.clientEmail) return 'iss is not the service account';
  if (jwt.aud !== state.tokenUri) return 'aud is not the token URI';
  if (
    !String(jwt.scope ?? '')
      .split(' ')
      .includes(FCM_SCOPE)
  )
    return 'the messaging scope is missing';
  const { iat, exp } = jwt as { iat?: number; exp?: number };
  if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= now || iat > now + 60 || exp - iat > 3600) {
    return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
  }
  return null;
}

function acceptMessage(request: IncomingMessage, body: string, state: State, send: Send) {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!bearer || !state.accessTokens.has(bearer)) {
    return send(401, {
      error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
    });
  }
  const message = (JSON.parse(body) as { message?: FcmMessage }).message;
  if (!message?.token) {
    return send(400, {
      error: {
        code: 400,
        message: 'The registration token is not a valid FCM registration token',
        status: 'INVALID_ARGUMENT',
      },
    });
  }
  if (state.gone.has(message.token)) {
    return send(404, {
      error: {
        code: 404,
        message: 'Requested entity was not found.',
        status: 'NOT_FOUND',
        details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
      },
    });
  }
  state.messages.push(message);
  send(200, { name: `projects/${PROJECT}/messages/${randomUUID()}` });
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

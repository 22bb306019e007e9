import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for tests: path-style PUT, GET, HEAD and DELETE of objects, each request
 * checked against its AWS Signature Version 4 (the scheme the AWS SDK signs with) and its payload hash, so
 * a wrong secret, region or signing bug fails as it would on a real bucket. Objects are kept in memory.
 */
export interface S3TestServer {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What is stored, by key. */
  objects: Map<string, StoredObject>;
  /** Requests refused, by S3 error code (SignatureDoesNotMatch...). */
  refusals: string[];
  close(): Promise<void>;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
}

const SERVICE = 's3';

export async function startS3TestServer(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'souk-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'SOUKTESTACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'souk-test-secret-access-key';
  const objects = new Map<string, StoredObject>();
  const refusals: string[] = [];

  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => {
        const refusal = checkSignature(request, body, { region, accessKeyId, secretAccessKey });
        if (refusal) {
          refusals.push(refusal.code);
          return sendError(response, refusal.status, refusal.code);
        }
        handleObjectRequest({ bucket, objects }, request, response, body);
      })
      .catch(() => sendError(response, 500, 'InternalError'));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves one genuine request: PUT, GET, HEAD or DELETE of the object its path names in the bucket. */
function handleObjectRequest(
  store: { bucket: string; objects: Map<string, StoredObject> },
  request: IncomingMessage,
  response: ServerResponse,
  body: Buffer,
) {
  const { pathname } = new URL(request.url ?? '/', 'http://s3.local');
  const [, bucketName = '', ...rest] = pathname.split('/');
  const key = rest.map(decodeURIComponent).join('/');
  if (bucketName !== store.bucket) return sendError(response, 404, 'NoSuchBucket');
  if (!key) return sendError(response, 400, 'InvalidRequest');
  switch (request.method) {
    case 'PUT':
      return putObject(store.objects, key, request, response, body);
    case 'GET':
    case 'HEAD':
      return sendObject(store.objects.get(key), request, response);
    case 'DELETE':
      store.objects.delete(key);
      response.writeHead(204).end();
      return;
    default:
      sendError(response, 405, 'MethodNotAllowed');
  }
}

function putObject(
  objects: Map<string, StoredObject>,
  key: string,
  request: IncomingMessage,
  response: ServerResponse,
  body: Buffer,
) {
  objects.set(key, {
    body,
    contentType: String(request.headers['content-type'] ?? 'application/octet-stream'),
    cacheControl: request.headers['cache-control'],
  });
  response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
}

/** Answers GET with the object, HEAD with its headers alone. */
function sendObject(found: StoredObject | undefined, request: IncomingMessage, response: ServerResponse) {
  if (!found) return sendError(response, 404, 'NoSuchKey');
  response.writeHead(200, {
    'content-type': found.contentType,
    'content-length': found.body.length,
    ...(found.cacheControl ? { 'cache-control': found.cacheControl } : {}),
  });
  response.end(request.method === 'GET' ? found.body : undefined);
}

function readBody(request: IncomingMessage) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendError(response: ServerResponse, status: number, code: string) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml' }).end(xml);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants for query names and values. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** Verifies the Authorization header as S3 does; returns the refusal, or null when the request is genuine. */
function checkSignature(
  request: IncomingMessage,
  body: Buffer,
  account: { region: string; accessKeyId: string; secretAccessKey: string },
): { status: number; code: string } | null {
  const authorization = String(request.headers.authorization ?? '');
  const parsed = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  if (!parsed) return { status: 403, code: 'AccessDenied' };
  const [, credential = '', signedHeaderList = '', signature = ''] = parsed;
  const [keyId, date, region, service, terminator] = credential.split('/');
  if (keyId !== account.accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' };
  if (region !== account.region || service !== SERVICE || terminator !== 'aws4_request' || !date) {
    return { status: 403, code: 'AuthorizationHeaderMalformed' };
  }
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
    return { status: 400, code: 'XAmzContentSHA256Mismatch' };
  }
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return { status: 403, code: 'AuthorizationHeaderMalformed' };
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) return { status: 403, code: 'AuthorizationHeaderMalformed' };

  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?');
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => encode(decodeURIComponent(part ?? ''))))
    .map(([name = '', value = '']) => [name, value] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValue(request, name)}\n`).join('');
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${SERVICE}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${account.secretAccessKey}`, date), region), SERVICE), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
    ? null
    : { status: 403, code: 'SignatureDoesNotMatch' };
}

function headerValue(request: IncomingMessage, name: string) {
  const value = request.headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

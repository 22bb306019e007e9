import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { appContext } from '#app-context';
import { NonceContext } from './lib/nonce.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(appContext).cspNonce;

  // The whole page is rendered before it is sent, as one piece: no page streams (there is no Suspense
  // boundary), and many small writes through the web stream and the socket cost more than the render.
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const body = Buffer.concat(chunks);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        responseHeaders.set('Content-Length', String(body.length));
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logPageError(error, request, loadContext);
        },
      },
    );
  });
}

/** Loader and action failures: logged as one JSON line through the server's logger (React Router's default is console.error). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) {
    // A thrown 4xx answer is the page's normal reply; a 5xx one may carry the error behind it.
    const cause = (error as { error?: unknown }).error;
    if (error.status >= 500) logPageError(cause ?? error, request, context);
    return;
  }
  logPageError(error, request, context);
};

function logPageError(error: unknown, request: Request, context: Readonly<RouterContextProvider> | undefined) {
  const details = { method: request.method, url: new URL(request.url).pathname };
  let logError: ((error: unknown, details: Record<string, unknown>) => void) | undefined;
  try {
    logError = context?.get(appContext).logError;
  } catch {
    // The request failed before its context was made.
  }
  if (logError) logError(error, details);
  else
    process.stderr.write(
      `${JSON.stringify({ level: 50, time: Date.now(), msg: 'page error', ...details, err: serialize(error) })}\n`,
    );
}

const serialize = (error: unknown) =>
  error instanceof Error
    ? { type: error.name, message: error.message, stack: error.stack }
    : { message: String(error) };

import { renderToString } from 'react-dom/server';
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

/**
 * bench/pages.ts asks (SOUK_BENCH_RENDER_FLOOR=1 and an x-render-floor header) how long React alone takes to
 * render this page's tree: the floor a page's whole cost is compared with.
 */
const RENDER_FLOOR = process.env.SOUK_BENCH_RENDER_FLOOR === '1';

function renderFloorMs(page: React.ReactElement, context: EntryContext) {
  const times: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    // StreamTransfer takes a reader of this stream (and reads nothing: the data is already there).
    context.serverHandoffStream = new ReadableStream({ start: (controller) => controller.close() });
    const started = performance.now();
    renderToString(page);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[3];
}

/**
 * The whole page is rendered at once with renderToString: no page streams (no route defers data, and the
 * lazy menus load only when used), and the streaming renderer costs several times more for the same HTML.
 * The one thing that would suspend is React Router's transfer of the loader data, which reads the encoded
 * data chunk by chunk; it is read to the end first and handed over as already read (readLoaderData).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonce, storePage, sendWhole } = loadContext.get(appContext);
  await readLoaderData(routerContext);
  const page = (
    <NonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext>
  );
  const html = renderToString(page);
  if (RENDER_FLOOR && request.headers.has('x-render-floor')) {
    responseHeaders.set('x-render-floor-ms', String(renderFloorMs(page, routerContext)));
  }
  const body = Buffer.from(`<!DOCTYPE html>${html}`);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // The service worker remembers it, to show its offline page in the same language (public/sw.js).
  const language = (routerContext.staticHandlerContext.loaderData.root as { language?: string } | undefined)?.language;
  if (language) responseHeaders.set('Content-Language', language);
  responseHeaders.set('Content-Length', String(body.length));
  storePage?.(responseStatusCode, responseHeaders, body);
  sendWhole?.(body);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Reads the page's encoded loader data to the end and leaves it where React Router's StreamTransfer
 * (react-router 8.4 dom/ssr/single-fetch.js) looks for the chunks it has read: its first chunk, already
 * settled, holds everything. StreamTransfer then renders the same two scripts it would after streaming.
 */
async function readLoaderData(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  context.renderMeta ??= {};
  const renderMeta = context.renderMeta as { streamCache?: Record<number, unknown> };
  renderMeta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value: text } }) };
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

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeWhenFileEnds } from './cleanup.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<unknown>;

export interface LocalServerOptions {
  /** A fixed port (a journeys' server); 0 or absent: any free one. */
  port?: number;
  /** Answers a request whose handler threw, in the provider's own error shape (when nothing was sent yet). */
  onError: (response: ServerResponse, error: unknown) => void;
  /** Before the server closes: what must finish first (webhook deliveries under way). */
  beforeClose?: () => Promise<unknown>;
  /** Once it has closed: what it leaves behind (its key and certificate files). */
  afterClose?: () => void;
}

/**
 * A provider's fake on 127.0.0.1: listening before this resolves, closed once (also when the test file ends),
 * its keep-alive connections cut so closing never waits for an idle client.
 */
export async function serveLocally(handle: Handler, options: LocalServerOptions) {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) options.onError(response, error);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await options.beforeClose?.();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      options.afterClose?.();
    })();
    return closing;
  };
  closeWhenFileEnds(close);
  return { origin, close };
}

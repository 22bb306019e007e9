import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long closing waits for handlers still at work before it goes on without them. */
const DRAIN_LIMIT_MS = 10_000;

/**
 * Closing the server waits for the handlers still at work, so what they use (job workers, the database pool)
 * closes after them. Node's server.close() waits for connections, not handlers: a client that gives up closes
 * its connection while its handler still queries the database. A handler is done when its reply has been
 * written, or when its client is already gone by the time it replies.
 */
export function finishRequestsBeforeClosing(app: FastifyInstance, limitMs = DRAIN_LIMIT_MS) {
  const working = new Set<FastifyRequest>();
  let closing = false;
  let whenIdle: (() => void) | undefined;
  const done = (request: FastifyRequest) => {
    working.delete(request);
    if (working.size === 0) whenIdle?.();
  };

  app.addHook('onRequest', async (request) => {
    // A WebSocket lives until closing closes it (the websocket plugin does): it is not a handler at work.
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') working.add(request);
  });
  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    // While closing, each answer ends its connection, so no keep-alive connection outlives the last answer.
    if (closing) reply.header('connection', 'close');
    if (reply.raw.closed) done(request);
    else reply.raw.once('close', () => done(request));
    return payload;
  });
  app.addHook('onResponse', async (request) => done(request));

  // preClose runs before Fastify closes idle connections and the listener: new requests already get 503.
  app.addHook('preClose', async () => {
    closing = true;
    if (working.size === 0) return;
    const idle = new Promise<void>((resolve) => {
      whenIdle = resolve;
    });
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'limit'>((resolve) => {
      timer = setTimeout(() => resolve('limit'), limitMs);
    });
    if ((await Promise.race([idle, limit])) === 'limit') {
      app.log.warn({ requests: working.size }, 'closing without waiting longer for requests still at work');
    }
    clearTimeout(timer);
  });
}

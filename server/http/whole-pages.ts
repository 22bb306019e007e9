import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Pages are rendered to one buffer (app/entry.server.tsx); the React Router adapter would still send them as a
 * stream read back from the Response, which @fastify/compress then compresses chunk by chunk on the thread pool
 * (measured at 10 connections on signed-in `/`: 3 ms of CPU a page against about 1 ms to compress the buffer at
 * once). The page hands its buffer over here, and that buffer is what is sent.
 */
const wholeBodies = new WeakMap<FastifyRequest, Buffer>();

/** What a page calls with its whole body, before it answers. */
export function wholePageOf(request: FastifyRequest) {
  return (body: Buffer) => {
    wholeBodies.set(request, body);
  };
}

/** Sends a page's whole body in place of the adapter's stream; before compression, which then takes it at once. */
export function registerWholePages(web: FastifyInstance) {
  web.addHook('onSend', async (request, _reply, payload) => {
    const body = wholeBodies.get(request);
    if (!body) return payload;
    wholeBodies.delete(request);
    if (payload instanceof Readable) payload.destroy();
    return body;
  });
}

import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from '../kernel/errors.ts';

const WINDOW_MS = 60_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const isWrite = (request: FastifyRequest) => !READ_METHODS.has(request.method);

/**
 * One limit per address on every /api/v1 request, on top of the per-operation limits of the services:
 * reads and writes are counted apart, writes allowed fewer. Counted in Redis when REDIS_URL is set, so every
 * app instance counts together; a Redis that does not answer lets requests through rather than refuse all.
 * A refusal is the usual error envelope (429, translated message, Retry-After).
 */
export async function registerApiRateLimit(
  api: FastifyInstance,
  config: Pick<Config, 'API_READS_PER_MINUTE' | 'API_WRITES_PER_MINUTE' | 'REDIS_URL'>,
) {
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { enableOfflineQueue: false, connectTimeout: 1_000, maxRetriesPerRequest: 1 })
    : undefined;
  // Without a listener an unreachable Redis crashes the process; the failed count is skipped instead.
  redis?.on('error', (error) => api.log.debug({ reason: error.message }, 'request limit store unreachable'));
  // The first requests are counted too: start-up waits until Redis answers or fails to.
  api.addHook('onReady', async () => {
    if (redis && redis.status !== 'ready') {
      await new Promise((settle) => redis.once('ready', settle).once('error', settle));
    }
  });
  api.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });
  await api.register(fastifyRateLimit, {
    global: true,
    timeWindow: WINDOW_MS,
    max: (request) => (isWrite(request) ? config.API_WRITES_PER_MINUTE : config.API_READS_PER_MINUTE),
    keyGenerator: (request) => `${isWrite(request) ? 'write' : 'read'}:${normalizeIP(request.ip)}`,
    redis,
    nameSpace: 'souk:api-requests:',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(429, 'errors.tooManyRequests', { values: { seconds }, retryAfterSeconds: seconds });
    },
  });
}

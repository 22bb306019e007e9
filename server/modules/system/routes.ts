import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client';
import type { JobCounts } from '../../kernel/jobs.ts';

export interface SystemOptions {
  pool: pg.Pool;
  /** False once the embedded PostgreSQL has died (the process is then on its way out). */
  isDatabaseAlive: () => boolean;
  /** METRICS_TOKEN: /metrics wants it as a bearer token; unset, only direct loopback requests get metrics. */
  metricsToken?: string;
  /** The background jobs waiting, running and failed, read at each scrape. */
  jobCounts?: () => Promise<JobCounts[]>;
  /** Other modules' metrics (the image decoding times), shown with these. */
  metrics?: Metric[];
}

/** Liveness, readiness (the database answers) and Prometheus metrics; call on the root instance. */
export function registerSystemRoutes(app: FastifyInstance, options: SystemOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  if (options.jobCounts) registerJobGauge(registry, options.jobCounts);
  for (const metric of options.metrics ?? []) registry.registerMetric(metric);

  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unknown', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async (_request, reply) =>
    options.isDatabaseAlive() ? { status: 'ok' } : reply.code(503).send({ status: 'database stopped' }),
  );

  app.get('/readyz', hidden, async (_request, reply) => {
    try {
      await options.pool.query('select 1');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  app.get('/metrics', hidden, async (request, reply) => {
    // Not found rather than forbidden: nothing tells a stranger the endpoint exists.
    if (!mayReadMetrics(request, options.metricsToken)) return reply.code(404).send({ status: 'not found' });
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/** `souk_jobs{job, state}`: queued (retries included), active, and failed (every attempt used, kept). */
function registerJobGauge(registry: Registry, jobCounts: () => Promise<JobCounts[]>) {
  new Gauge({
    name: 'souk_jobs',
    help: 'Background jobs by name and state (queued includes retries; failed jobs used every attempt)',
    labelNames: ['job', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      // With the database out of reach the other metrics are still worth serving; this one stays empty.
      const all = await jobCounts().catch(() => []);
      for (const counts of all) {
        for (const state of ['queued', 'active', 'failed'] as const)
          this.set({ job: counts.name, state }, counts[state]);
      }
    },
  });
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function mayReadMetrics(request: FastifyRequest, token: string | undefined) {
  if (token) return sameText(request.headers.authorization ?? '', `Bearer ${token}`);
  // The socket's own address: behind a proxy on this machine every request comes from loopback, and then
  // the proxy's forwarding headers give it away (set METRICS_TOKEN in that case).
  const direct = !FORWARDING_HEADERS.some((name) => name in request.headers);
  return direct && isLoopback(request.socket.remoteAddress);
}

function isLoopback(address: string | undefined) {
  return address === '::1' || Boolean(address?.startsWith('127.')) || Boolean(address?.startsWith('::ffff:127.'));
}

function sameText(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type JobResult, type JobWithMetadata, PgBoss, type Queue, type SendOptions } from 'pg-boss';
import {
  DEFAULT_RETRY_POLICY,
  type JobCounts,
  type JobHandler,
  type JobName,
  type JobQueue,
  type RetryPolicy,
} from './jobs.ts';
import { jobConnection } from './jobs-connection.ts';

export interface JobQueueLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface JobQueueOptions {
  /** The app's pool: the queue's statements share it (its owner closes it after the queue stops). */
  pool: pg.Pool;
  /** The same database (DATABASE_URL or the embedded server), for the LISTEN connection. */
  connectionString: string;
  logger: JobQueueLogger;
  /**
   * How often an idle worker looks for due retries. New jobs wake workers at once through LISTEN/NOTIFY; this
   * poll only finds retries whose delay has passed and jobs whose notification was lost.
   */
  pollSeconds?: number;
  /** How long `stop` waits for running jobs before giving up on them (they run again on the next start). */
  stopTimeoutSeconds?: number;
  /** False: store jobs, run none (a web-only instance; JOB_WORKERS). Schedules then run elsewhere too. */
  runWorkers?: boolean;
}

const SCHEMA = 'pgboss';
/** Jobs one worker takes at a time (run side by side); while batches come back full it fetches again at once. */
const BATCH_SIZE = 5;

interface Registration {
  handler: JobHandler<never>;
  policy: RetryPolicy;
}

/** The job queue on pg-boss (docs/decisions/0009-job-queue.md). */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { logger } = options;
  const runWorkers = options.runWorkers ?? true;
  const boss = createBoss(options, runWorkers);
  const registered = new Map<JobName, Registration>();
  const schedules = new Map<JobName, string>();
  const working = new Map<JobName, Promise<void>>();
  let started = false;

  const startWorker = (name: JobName) => {
    const ready = (async () => {
      await ensureQueue(boss, name, queueOptions(requireRegistration(registered, name).policy));
      if (!runWorkers) return;
      await boss.work(name, workOptions(options.pollSeconds ?? 5), async (jobs) =>
        Promise.all(jobs.map((job) => runJob(registered, logger, name, job))),
      );
    })();
    working.set(name, ready);
    ready.catch((error) => logger.error({ err: error, job: name }, 'the worker of a job could not start'));
    return ready;
  };

  /** Once the job's queue exists (its worker started), stores its schedule; pg-boss keeps one per name. */
  const applySchedule = async (name: JobName, cron: string) => {
    await queueReady(name);
    await boss.schedule(name, cron, {}, { tz: 'UTC' });
  };

  const queueReady = async (name: JobName) => {
    if (!started) throw new Error(`The job queue is not started (job "${name}")`);
    const ready = working.get(name);
    if (!ready) throw new Error(`No worker is registered for job "${name}"`);
    await ready;
  };

  return {
    work(name, handler, policy) {
      const isNew = !registered.has(name);
      registered.set(name, { handler: handler as JobHandler<never>, policy: { ...DEFAULT_RETRY_POLICY, ...policy } });
      if (started && isNew) void startWorker(name);
    },

    async enqueue(name, payload, enqueueOptions) {
      await queueReady(name);
      return sendJob(boss, name, payload, { startAfter: enqueueOptions?.delaySeconds });
    },

    async enqueueIn(transaction, name, payload, enqueueOptions) {
      await queueReady(name);
      const db = { executeSql: (text: string, values?: unknown[]) => transaction.execute(positionalSql(text, values)) };
      return sendJob(boss, name, payload, { startAfter: enqueueOptions?.delaySeconds, db });
    },

    async every(name, cron) {
      if (!registered.has(name)) throw new Error(`No worker is registered for job "${name}"`);
      schedules.set(name, cron);
      if (started) await applySchedule(name, cron);
    },

    counts: () => jobCounts(boss, registered),

    unfinished: () => unfinishedJobCount(boss),

    async start() {
      if (started) return;
      await boss.start();
      started = true;
      await Promise.all([...registered.keys()].map((name) => startWorker(name)));
      await Promise.all([...schedules].map(([name, cron]) => applySchedule(name, cron)));
    },

    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: (options.stopTimeoutSeconds ?? 8) * 1000 });
    },
  };
}

function createBoss(options: JobQueueOptions, runWorkers: boolean) {
  const { logger } = options;
  const boss = new PgBoss({
    db: jobConnection(options.pool, options.connectionString, logger),
    // The queue's tables live in schema "pgboss", apart from the app's (drizzle's migrations never touch it).
    schema: SCHEMA,
    useListenNotify: true,
    // The cron timekeeper enqueues the jobs scheduled with `every` (on the instances that run jobs).
    schedule: runWorkers,
    supervise: runWorkers,
    openTelemetry: { enabled: false },
  });
  boss.on('error', (error) => logger.error({ err: error }, 'the job queue failed'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'the job queue warns'));
  return boss;
}

/** Runs one job with its handler; a failure is logged and reported to pg-boss, which retries it while it may. */
async function runJob(
  registered: Map<JobName, Registration>,
  logger: JobQueueLogger,
  name: JobName,
  job: JobWithMetadata<unknown>,
): Promise<JobResult> {
  const run = { id: job.id, attempt: job.retryCount + 1, attempts: job.retryLimit + 1 };
  try {
    await requireRegistration(registered, name).handler(job.data as never, run);
    return { id: job.id, status: 'completed' };
  } catch (error) {
    const last = run.attempt >= run.attempts;
    const details = { err: error, job: name, id: job.id, attempt: run.attempt, attempts: run.attempts };
    if (last) logger.error(details, 'a job failed its last attempt; it stays in the failed state');
    else logger.warn(details, 'a job failed; it will be retried');
    return { id: job.id, status: 'failed', output: { message: (error as Error).message ?? String(error) } };
  }
}

async function sendJob(boss: PgBoss, name: JobName, payload: unknown, sendOptions: SendOptions) {
  const id = await boss.send(name, payload as object, sendOptions);
  if (!id) throw new Error(`The job queue did not store job "${name}"`);
  return id;
}

/** Every registered job's counts, and those of jobs still in the table under a name no longer registered. */
async function jobCounts(boss: PgBoss, registered: Map<JobName, Registration>) {
  const { rows } = await boss.getDb().executeSql(
    `select name, state::text as state, count(*)::int as n from ${SCHEMA}.job
       where state in ('created', 'retry', 'active', 'failed') group by name, state`,
  );
  return tallyCounts([...registered.keys()], rows as Array<{ name: string; state: string; n: number }>);
}

async function unfinishedJobCount(boss: PgBoss) {
  const { rows } = await boss.getDb().executeSql(
    `select count(*)::int as n from ${SCHEMA}.job
       where state in ('retry', 'active') or (state = 'created' and start_after <= now() + interval '30 seconds')`,
  );
  return (rows[0] as { n: number } | undefined)?.n ?? 0;
}

/**
 * pg-boss's statement ($1, $2 ... and their values) as a drizzle query, to run on a caller's transaction
 * (JobTransaction): the same text, each placeholder a parameter again.
 */
export function positionalSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
}

function requireRegistration(registered: Map<JobName, Registration>, name: JobName) {
  const registration = registered.get(name);
  if (!registration) throw new Error(`No worker is registered for job "${name}"`);
  return registration;
}

function queueOptions(policy: RetryPolicy) {
  return {
    retryLimit: Math.max(0, policy.attempts - 1),
    retryDelay: policy.delaySeconds,
    retryBackoff: true,
    retryDelayMax: policy.maxDelaySeconds,
    expireInSeconds: policy.timeoutSeconds,
    notify: true,
  } satisfies Omit<Queue, 'name'>;
}

/** Creates the queue, or brings an existing one to the declared policy (one read when nothing changed). */
async function ensureQueue(boss: PgBoss, name: string, wanted: ReturnType<typeof queueOptions>) {
  const existing = await boss.getQueue(name);
  if (!existing) {
    await boss.createQueue(name, wanted);
    return;
  }
  const changed = (Object.keys(wanted) as Array<keyof typeof wanted>).some((key) => existing[key] !== wanted[key]);
  if (changed) await boss.updateQueue(name, wanted);
}

function workOptions(pollSeconds: number) {
  return {
    batchSize: BATCH_SIZE,
    burstWhenBatchFull: true,
    perJobResults: true,
    includeMetadata: true,
    pollingIntervalSeconds: pollSeconds,
    notifyPollingIntervalSeconds: pollSeconds,
  } as const;
}

function tallyCounts(names: string[], rows: Array<{ name: string; state: string; n: number }>): JobCounts[] {
  const byName = new Map<string, JobCounts>(names.map((name) => [name, { name, queued: 0, active: 0, failed: 0 }]));
  for (const { name, state, n } of rows) {
    const counts = byName.get(name) ?? { name, queued: 0, active: 0, failed: 0 };
    if (state === 'active') counts.active += n;
    else if (state === 'failed') counts.failed += n;
    else counts.queued += n;
    byName.set(name, counts);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Creates or migrates the queue's tables and stops: for a database that is copied later (the tests' template). */
export async function installJobQueueSchema(connectionString: string) {
  const pool = new pg.Pool({ connectionString, max: 1 });
  try {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: SCHEMA,
      supervise: false,
      schedule: false,
      registerInstance: false,
      openTelemetry: { enabled: false },
    });
    await boss.start();
    await boss.stop({ graceful: false });
  } finally {
    await pool.end();
  }
}

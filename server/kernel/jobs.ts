import type { SQL } from 'drizzle-orm';

/**
 * Durable jobs: work that leaves the request and must survive a crash (sending mail and SMS now; thumbnails,
 * push, alerts next). Each module names its jobs by augmenting `JobPayloads` where it declares them:
 *
 *   declare module '../../kernel/jobs.ts' {
 *     interface JobPayloads { 'mail.send': MailMessage }
 *   }
 *
 * A job is stored in PostgreSQL before `enqueue` resolves, so a process killed a moment later loses nothing:
 * the next start runs it. A handler runs at least once (a run cut short by a crash runs again), so it must be
 * safe to repeat. A throwing handler is retried with growing delays; one that fails every attempt is kept in
 * the failed state, counted on /metrics. The adapter is `createJobQueue` in jobs-pg-boss.ts
 * (docs/decisions/0009-job-queue.md).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each module through declaration merging
export interface JobPayloads {}

export type JobName = keyof JobPayloads;

export interface RetryPolicy {
  /** Runs in all, the first one included. */
  attempts: number;
  /** The wait before the first retry; each later one about doubles (with jitter), up to `maxDelaySeconds`. */
  delaySeconds: number;
  maxDelaySeconds: number;
  /** A run still going after this counts as failed; it is also when a run cut short by a crash is taken up again. */
  timeoutSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 5,
  delaySeconds: 10,
  maxDelaySeconds: 600,
  timeoutSeconds: 120,
};

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
}

export interface JobRun {
  id: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  attempts: number;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], run: JobRun) => Promise<void>;

/** What is waiting, running and given up, per job name. */
export interface JobCounts {
  name: string;
  /** Waiting to run, retries included. */
  queued: number;
  active: number;
  /** Failed every attempt; kept for an operator to look at. */
  failed: number;
}

/** A transaction a job can be stored in (a drizzle transaction): the job exists exactly when it commits. */
export interface JobTransaction {
  execute(query: SQL): Promise<{ rows: unknown[] }>;
}

export interface JobQueue {
  /**
   * Runs `handler` for every job of `name`, retried by `policy`. Registering a name again replaces its
   * handler (the dev server rebuilds the app on every change). Call before `start`, or after it.
   */
  work<N extends JobName>(name: N, handler: JobHandler<N>, policy?: Partial<RetryPolicy>): void;
  /** Stores the job and resolves with its id; a name without a registered worker is refused. */
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<string>;
  /**
   * Stores the job inside `transaction`: it is there once the transaction commits, and never if it rolls back.
   * For follow-ups that must happen exactly when a write happened (events.ts durable subscribers).
   */
  enqueueIn<N extends JobName>(
    transaction: JobTransaction,
    name: N,
    payload: JobPayloads[N],
    options?: EnqueueOptions,
  ): Promise<string>;
  /**
   * Enqueues a job of `name` (empty payload) on a cron schedule in UTC ("* * * * *": every minute); all
   * instances share one schedule, so each tick runs once. Register its worker with `work` first.
   */
  every<N extends JobName>(name: N, cron: string): Promise<void>;
  counts(): Promise<JobCounts[]>;
  /**
   * Jobs not finished yet (due within 30 seconds, retrying or running), all names together: tests wait for it to
   * reach 0. A job enqueued for a later time (a promotion's end) is not counted until then.
   */
  unfinished(): Promise<number>;
  /**
   * Creates or updates the queue's tables and every registered queue, then starts the workers, unless this
   * instance runs none (JOB_WORKERS=false: it stores jobs for the instances that do).
   */
  start(): Promise<void>;
  /** Takes no new jobs and waits (up to a bound) for the running ones to finish. */
  stop(): Promise<void>;
}

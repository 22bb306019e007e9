import type { Db, Tx } from './database.ts';
import type { JobName, JobQueue, JobRun, RetryPolicy } from './jobs.ts';

/**
 * Typed domain events. Each module names the events it emits by augmenting `DomainEvents` in its own
 * `events.ts`:
 *
 *   declare module '../../kernel/events.ts' {
 *     interface DomainEvents { 'user.followed': { followerId: string; followedId: string } }
 *   }
 *
 * A use case publishes inside `transaction(db, (tx, publish) => ...)`. Two kinds of subscriber:
 * - a follow-up (`onCommitted`): what must happen once the write commits (counters, closing conversations on a
 *   sale, notification records, money). Its job is stored in the same transaction, so it exists exactly when
 *   the write does; the job queue runs it at least once, retries it, and keeps it failed (on /metrics) when it
 *   gives up. Its handler must be safe to repeat.
 * - a live handler (`on`): delivery to sockets and in-memory caches after the commit, in this process. It may
 *   be lost in a crash and a failure is only logged, so nothing that must not be lost rides it.
 * (docs/decisions/0010-events.md)
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each module through declaration merging
export interface DomainEvents {}

export type EventName = keyof DomainEvents;
export type EventHandler<N extends EventName> = (payload: DomainEvents[N]) => Promise<void> | void;
export type FollowUpHandler<N extends EventName> = (payload: DomainEvents[N], run: JobRun) => Promise<void>;
export type Publish = <N extends EventName>(name: N, payload: DomainEvents[N]) => void;

export interface FollowUpOptions<N extends EventName> {
  /**
   * Asked in the publishing transaction: false stores no job for this event (a notice for someone online,
   * who sees it live). Keep it cheap; it runs while the transaction is open.
   */
  when?: (payload: DomainEvents[N]) => boolean | Promise<boolean>;
  policy?: Partial<RetryPolicy>;
}

interface EventLogger {
  error(details: Record<string, unknown>, message: string): void;
}

interface FollowUp {
  job: string;
  when?: (payload: never) => boolean | Promise<boolean>;
}

type Published = [EventName, unknown];

/** The job that carries `event` to `subscriber`: one queue per pair, so each retries and fails on its own. */
export const followUpJob = (event: EventName, subscriber: string) => `${event}/${subscriber}`;

export class EventBus {
  private readonly handlers = new Map<EventName, Array<EventHandler<never>>>();
  private readonly followUps = new Map<EventName, FollowUp[]>();
  private readonly logger: EventLogger;
  private readonly jobs: JobQueue | null;
  private readonly pending = new Set<Promise<void>>();

  /** `jobs`: where follow-ups are stored and run; null only for a bus that has live handlers alone (unit tests). */
  constructor(logger: EventLogger, jobs: JobQueue | null = null) {
    this.logger = logger;
    this.jobs = jobs;
  }

  /** A live handler: after the commit, in this process; may be lost (see above). */
  on<N extends EventName>(name: N, handler: EventHandler<N>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as EventHandler<never>);
    this.handlers.set(name, list);
  }

  /**
   * A follow-up of `name` for `subscriber` (a name of its own, e.g. "items.favourite-count"): a durable job,
   * stored with the write that published the event, run at least once after it committed.
   */
  onCommitted<N extends EventName>(
    name: N,
    subscriber: string,
    handler: FollowUpHandler<N>,
    options: FollowUpOptions<N> = {},
  ): void {
    if (!this.jobs) throw new Error(`Follow-ups need the job queue (event "${name}")`);
    const job = followUpJob(name, subscriber);
    this.jobs.work(job as JobName, handler as never, options.policy);
    const list = (this.followUps.get(name) ?? []).filter((followUp) => followUp.job !== job);
    list.push({ job, when: options.when as FollowUp['when'] });
    this.followUps.set(name, list);
  }

  /**
   * Runs `work` in one transaction. What it publishes: the follow-ups' jobs are stored in that transaction
   * (after `work`, before the commit); the live handlers run once it has committed. Nothing happens when
   * `work` throws (the transaction rolled back).
   */
  async transaction<T>(db: Db, work: (tx: Tx, publish: Publish) => Promise<T>): Promise<T> {
    const published: Published[] = [];
    const result = await db.transaction(async (tx) => {
      const value = await work(tx, (name, payload) => void published.push([name, payload]));
      await this.storeFollowUps(tx, published);
      return value;
    });
    for (const [name, payload] of published) await this.deliver(name, payload);
    return result;
  }

  /** Delivers an event that has no follow-ups to its live handlers (a change with nothing durable to do). */
  async publish<N extends EventName>(name: N, payload: DomainEvents[N]): Promise<void> {
    if (this.followUps.has(name)) throw new Error(`"${name}" has follow-ups: publish it in events.transaction()`);
    await this.deliver(name, payload);
  }

  /** Resolves when every live delivery under way has ended; for shutdown and tests. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async storeFollowUps(tx: Tx, published: Published[]) {
    const wanted = await Promise.all(
      published.flatMap(([name, payload]) =>
        (this.followUps.get(name) ?? []).map(async ({ job, when }) =>
          !when || (await when(payload as never)) ? { job, payload } : null,
        ),
      ),
    );
    for (const entry of wanted) {
      if (entry) await this.jobs?.enqueueIn(tx, entry.job as JobName, entry.payload as never);
    }
  }

  private async deliver(name: EventName, payload: unknown): Promise<void> {
    const delivery = this.runHandlers(name, payload);
    this.pending.add(delivery);
    try {
      await delivery;
    } finally {
      this.pending.delete(delivery);
    }
  }

  private async runHandlers(name: EventName, payload: unknown): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        await (handler as EventHandler<EventName>)(payload as never);
      } catch (error) {
        this.logger.error({ err: error, event: name }, 'a live event handler failed');
      }
    }
  }
}

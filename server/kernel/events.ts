/**
 * Typed in-process events. Each module names the events it emits by augmenting `DomainEvents` in its own
 * `events.ts`:
 *
 *   declare module '../../kernel/events.ts' {
 *     interface DomainEvents { 'user.followed': { followerId: string; followedId: string } }
 *   }
 *
 * Handlers run only after the writing transaction has committed (see `afterCommit`), one after another, and a
 * failing handler is logged without undoing or failing the write that caused it. Work that must survive a crash
 * belongs in a job (kernel/jobs), which a handler may enqueue.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each module through declaration merging
export interface DomainEvents {}

export type EventName = keyof DomainEvents;
export type EventHandler<N extends EventName> = (payload: DomainEvents[N]) => Promise<void> | void;
export type Publish = <N extends EventName>(name: N, payload: DomainEvents[N]) => void;

interface EventLogger {
  error(details: Record<string, unknown>, message: string): void;
}

export class EventBus {
  private readonly handlers = new Map<EventName, Array<EventHandler<never>>>();
  private readonly logger: EventLogger;
  private readonly pending = new Set<Promise<void>>();

  constructor(logger: EventLogger) {
    this.logger = logger;
  }

  on<N extends EventName>(name: N, handler: EventHandler<N>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as EventHandler<never>);
    this.handlers.set(name, list);
  }

  /**
   * Runs `work` (which opens and commits its own transaction) and delivers what it published once it has
   * resolved, that is after the commit. Nothing is delivered when `work` throws.
   */
  async afterCommit<T>(work: (publish: Publish) => Promise<T>): Promise<T> {
    const published: Array<[EventName, unknown]> = [];
    const result = await work((name, payload) => {
      published.push([name, payload]);
    });
    for (const [name, payload] of published) await this.deliver(name, payload);
    return result;
  }

  /** Delivers an event whose write has already committed (or that has no write). */
  async publish<N extends EventName>(name: N, payload: DomainEvents[N]): Promise<void> {
    await this.deliver(name, payload);
  }

  /** Resolves when every delivery under way has ended; for shutdown and tests. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
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
        this.logger.error({ err: error, event: name }, 'an event handler failed');
      }
    }
  }
}

/**
 * Runs at most `size` tasks at once, fair between owners (issue 24): one owner runs at most `perOwner` of them
 * while anyone else waits, and when a slot frees, the waiting owner served least recently goes next, whatever
 * the number of tasks another owner queued. One account sending sixteen huge pictures then waits behind itself,
 * not in front of everyone else, and leaves the other slots' CPU to them.
 */
export class FairSlots {
  private readonly size: number;
  private readonly perOwner: number;
  private free: number;
  /** Each waiting owner's queue, in the order the owners first waited. */
  private readonly queues = new Map<string, Array<() => void>>();
  /** Tasks running, by owner. */
  private readonly running = new Map<string, number>();
  /** When each owner last had a task started (a counter); owners never served count as earliest. */
  private readonly lastTurn = new Map<string, number>();
  private turns = 0;

  constructor(size: number, perOwner = size) {
    this.size = size;
    this.perOwner = Math.max(1, Math.min(perOwner, size));
    this.free = size;
  }

  async run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    if (this.free > 0 && this.mayStart(owner)) this.free -= 1;
    else await new Promise<void>((start) => this.enqueue(owner, start));
    this.started(owner);
    try {
      return await task();
    } finally {
      this.finished(owner);
    }
  }

  /** Tasks waiting, for tests and metrics. */
  get waiting() {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.length;
    return count;
  }

  /** An owner below their share may start; past it, only while nobody else waits. */
  private mayStart(owner: string) {
    if ((this.running.get(owner) ?? 0) < this.perOwner) return true;
    for (const waiting of this.queues.keys()) if (waiting !== owner) return false;
    return true;
  }

  private enqueue(owner: string, start: () => void) {
    const queue = this.queues.get(owner);
    if (queue) queue.push(start);
    else this.queues.set(owner, [start]);
  }

  private started(owner: string) {
    this.running.set(owner, (this.running.get(owner) ?? 0) + 1);
    this.lastTurn.set(owner, ++this.turns);
  }

  /** Hands the freed slot to the waiting owner served least recently who may start, or frees it. */
  private finished(owner: string) {
    const left = (this.running.get(owner) ?? 1) - 1;
    if (left > 0) this.running.set(owner, left);
    else this.running.delete(owner);
    const next = this.nextOwner();
    if (next === undefined) {
      this.free += 1;
      // Nothing runs and nobody waits: past turns decide nothing any more.
      if (this.free === this.size && this.queues.size === 0) this.lastTurn.clear();
      return;
    }
    const queue = this.queues.get(next) ?? [];
    const start = queue.shift();
    if (queue.length === 0) this.queues.delete(next);
    start?.();
  }

  /** The least recently served of the waiting owners below their share, else of all of them (no slot idles). */
  private nextOwner(): string | undefined {
    let chosen: string | undefined;
    let fallback: string | undefined;
    for (const owner of this.queues.keys()) {
      if (fallback === undefined || this.servedBefore(owner, fallback)) fallback = owner;
      if (this.mayStart(owner) && (chosen === undefined || this.servedBefore(owner, chosen))) chosen = owner;
    }
    return chosen ?? fallback;
  }

  private servedBefore(owner: string, other: string) {
    return (this.lastTurn.get(owner) ?? 0) < (this.lastTurn.get(other) ?? 0);
  }
}

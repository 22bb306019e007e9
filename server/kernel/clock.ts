/**
 * Where "now" comes from for rules that follow the calendar (a promotion's start and end). The system clock in
 * the app; tests pass a clock they move, so a 30-day promotion ends without waiting 30 days.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved (tests). */
export class ManualClock implements Clock {
  private current: Date;

  constructor(start: Date = new Date()) {
    this.current = new Date(start);
  }

  now() {
    return new Date(this.current);
  }

  set(to: Date) {
    this.current = new Date(to);
  }

  advance(milliseconds: number) {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}

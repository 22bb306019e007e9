/**
 * A datetime-local field's value ("2026-11-30T14:05") is a wall-clock time without a zone: these read it in,
 * and write it for, the reader's time zone (an IANA name), so what they pick is what their clock shows.
 */

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(zone: string) {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US-u-nu-latn', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clocks.set(zone, clock);
  }
  return clock;
}

/** The zone's clock at `epoch`, as the UTC instant that shows the same wall time. */
function wallAsUtc(epoch: number, zone: string) {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of clockOf(zone).formatToParts(epoch)) part[type] = Number(value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The value a datetime-local field shows for `epoch` in `zone`, to the minute ("2026-11-30T14:05"). */
export function wallClockOf(epoch: number, zone: string): string {
  const wall = new Date(wallAsUtc(epoch, zone));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(
    wall.getUTCHours(),
  )}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The instant a wall-clock time in `zone` names, or null when the text is not one. A time the clocks skip
 * (spring forward) is read with the offset before the change, as browsers do.
 */
export function instantOfWallClock(text: string, zone: string): number | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = '0'] = match.slice(1).map((part) => part ?? '0');
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== Number(day)) return null;
  const firstGuess = asUtc - (wallAsUtc(asUtc, zone) - asUtc);
  const offset = wallAsUtc(firstGuess, zone) - firstGuess;
  return asUtc - offset;
}

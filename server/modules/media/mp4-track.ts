import { malformed } from './video-facts.ts';

/**
 * One track of an MP4 and its samples as they are found: in its sample table, then in the fragments of a
 * fragmented file. Times are in the track's time scale (ticks a second).
 */
export class Mp4Track {
  readonly isVideo: boolean;
  readonly timescale: number;
  /** The duration its media header (mdhd) declares; 0 when unknown, as fragmented files write it. */
  readonly declaredTicks: number;
  /** The sample duration and size fragments fall back on (trex in the movie's mvex). */
  defaultDuration = 0;
  defaultSize = 0;
  private ticks = 0;
  private cursor = 0;
  private earliest: number | undefined;
  private latest = 0;

  constructor(isVideo: boolean, timescale: number, declaredTicks: number) {
    if (timescale === 0) malformed();
    this.isVideo = isVideo;
    this.timescale = timescale;
    this.declaredTicks = declaredTicks;
  }

  /** Samples lasting `ticks` in all, decoded from `decodeTime` on (a fragment's tfdt) or after the last ones. */
  addSamples(ticks: number, decodeTime?: number) {
    const start = decodeTime ?? this.cursor;
    this.ticks += ticks;
    this.cursor = start + ticks;
    this.earliest = Math.min(this.earliest ?? start, start);
    this.latest = Math.max(this.latest, this.cursor);
  }

  /** The samples' summed durations, or the time from the first to the last one's end where fragments leave gaps. */
  get seconds() {
    return Math.max(this.ticks, this.latest - (this.earliest ?? 0)) / this.timescale;
  }

  get declaredSeconds() {
    return this.declaredTicks / this.timescale;
  }
}

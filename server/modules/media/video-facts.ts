import { MediaRefused } from './refusals.ts';

/** What a video's own structure says about it, read from its boxes (MP4) or elements (WebM), not its header. */
export interface VideoFacts {
  /** The longest track's length from its samples' durations (MP4) or its blocks' timestamps (WebM). */
  seconds: number;
  /** The bytes of the file that are the samples or blocks of a track; the rest is headers, indexes and padding. */
  mediaBytes: number;
  fileBytes: number;
  /** It has a track of video, even an empty one (whose length is then 0). */
  hasVideoTrack: boolean;
  /** A track's samples last clearly longer than the duration its header declares. */
  runsPastDeclaredDuration: boolean;
}

/**
 * The bytes a video may carry beside its media: headers, sample tables, indexes and padding take a few hundred
 * kilobytes in a minute of video. More is data the video does not play (a 5 s video padded with 60 MB).
 */
export const allowedOverheadBytes = (fileBytes: number) => 1024 * 1024 + fileBytes / 100;

/**
 * The most boxes or elements read in one video: a minute at 240 frames a second with sound is about 20 000 blocks
 * (or a fragment of two boxes per frame). It bounds the work a file of tiny boxes causes to about 0.1 s.
 */
export const MAX_STRUCTURE_COUNT = 100_000;

/**
 * Whether samples lasting `seconds` run past the `declared` duration (unknown when 0) by more than a frame or an
 * edit could explain.
 */
export const runsPast = (seconds: number, declared: number) => declared > 0 && seconds > declared * 1.1 + 1;

/** The file does not hold together as the container it says it is (cut short, sizes pointing outside...). */
export function malformed(): never {
  throw new MediaRefused('type');
}

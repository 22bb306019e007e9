/** Timings and sizes of SPEC.md 9 that only screens use. */

export const MAP_HEIGHT_PX = 280;
export const MAP_ZOOM = 15;
export const PROGRESS_BAR_FINISH_MS = 3_500;
export const PUSH_NOTICE_MS = 10_000;
export const TOP_BAR_HIDE_THRESHOLD_PX = 30;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

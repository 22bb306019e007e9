// Media limits without schemas: the item entry form loads these, so they must not bring zod along.
// contract/media.ts re-exports them with the media schemas.

/** The longest video an item may carry (SPEC.md 9). */
export const MAX_VIDEO_SECONDS = 60;

// Content constants without schemas: pages load these, so they must not bring zod along.
// contract/console-content.ts re-exports them with the schemas.

/** Longer than any post an operator writes; a bound on what the sanitiser and the page must carry. */
export const BLOG_BODY_MAX_CHARACTERS = 50_000;
export const PAGE_BODY_MAX_CHARACTERS = 20_000;

/** The pages the console edits (the terms page exists in the API, but no public page shows it yet). */
export const EDITABLE_PAGE_KINDS = ['about', 'privacy', 'safety'] as const;
export type EditablePageKind = (typeof EDITABLE_PAGE_KINDS)[number];

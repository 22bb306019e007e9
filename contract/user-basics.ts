// Account constants without schemas: pages load these, so they must not bring zod along. contract/users.ts
// re-exports them with the user schemas.

/** role_id values: administrators run the marketplace; moderators review listings and reports. */
export const ROLE = { user: 1, admin: 2, moderator: 3 } as const;
export const USER_STATUS = { pending: 0, active: 1, unpublished: 2, rejected: 3, deactivated: 4 } as const;
/** The user id the spec's clients send for a visitor. */
export const VISITOR_USER_ID = 'nologinuser';

/** People search (GET /users?name=): how long a name to look for may be, and its page sizes. */
export const PEOPLE_SEARCH = { minLength: 2, maxLength: 60, pageSize: 20, maxPageSize: 50 } as const;

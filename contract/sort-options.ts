/** The default orders of item lists (SPEC.md 9); kept apart from the search schemas so pages load no schema for them. */
export const SORT_OPTIONS = [
  { id: 1, name: 'LATEST', orderBy: 'added_date', orderType: 'desc' },
  { id: 2, name: 'POPULAR', orderBy: 'touch_count', orderType: 'desc' },
] as const;

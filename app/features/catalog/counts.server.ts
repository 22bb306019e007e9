import type { CountsById } from './item-count.tsx';

/**
 * The counts a list page sends with its first page: only those of the rows shown when the list ends there (the
 * usual case), all of them when "load more" can bring further rows, which need theirs without another request.
 */
export function countsForList(all: CountsById, shownIds: number[], hasMore: boolean): CountsById {
  if (hasMore) return all;
  return Object.fromEntries(shownIds.map((id) => [id, all[id] ?? 0]));
}

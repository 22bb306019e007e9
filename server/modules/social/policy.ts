/**
 * Who may do what to whom (issue 11), as pure predicates: the one place the social rules turn into
 * permissions. The services ask here; routes and pages never decide.
 */

export const REPORT_STATUS = { open: 0, kept: 1, removed: 2 } as const;

/** What the social rules need to know of a listing and of the relation of its seller to the one asking. */
export interface ItemForViewer {
  addedUserId: string;
  status: number;
  deletedAt: Date | null;
  sellerPublic: boolean;
  inBlock: boolean;
}

const ACTIVE = 1;

/** A listing others may act on (favourite, report): active, not deleted, of a public seller, no block between. */
export const isActionable = (item: ItemForViewer) =>
  item.status === ACTIVE && !item.deletedAt && item.sellerPublic && !item.inBlock;

/** One never favourites, reports, follows or blocks oneself. */
export const isSelf = (userId: string, otherId: string) => userId === otherId;

/** A listing is held for review once this many distinct people have open reports on it. */
export const reachesThreshold = (openReports: number, threshold: number) => threshold > 0 && openReports >= threshold;

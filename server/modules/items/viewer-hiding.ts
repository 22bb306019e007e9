import { type SQL, sql } from 'drizzle-orm';
import { blocks, itemReports, items } from '../../db/schema/index.ts';

/**
 * What a signed-in viewer no longer sees in any list (issue 11): the items they reported, and every item of
 * someone in a block with them, whichever of the two blocked. The social module writes these tables; every
 * list that shows items to a viewer reads them through here.
 */
export function hiddenFromViewer(viewerId: string): SQL[] {
  return [
    sql`not exists (select 1 from ${itemReports} where ${itemReports.itemId} = ${items.id} and ${itemReports.reporterId} = ${viewerId})`,
    sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${items.addedUserId}) or (${blocks.blockerId} = ${items.addedUserId} and ${blocks.blockedId} = ${viewerId}))`,
  ];
}

/** Whether `a` and `b` are in a block, whichever of them blocked (a column or value for each). */
export const blockBetween = (a: SQL, b: SQL) =>
  sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;

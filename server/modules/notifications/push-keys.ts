import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/database.ts';
import type { VapidKeys } from '../../kernel/push.ts';
import { generateVapidKeys } from '../../kernel/push-web.ts';
import { pushKeys } from './schema.ts';

const VAPID_ROW = 'vapid';

/**
 * The site's VAPID key pair: made by the first start that needs it and kept. A new pair is offered with
 * "insert ... on conflict do nothing" and the stored one is read back, so instances starting together agree.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const offered = generateVapidKeys();
  await db
    .insert(pushKeys)
    .values({ id: VAPID_ROW, publicKey: offered.publicKey, privateKey: offered.privateKey })
    .onConflictDoNothing();
  const [row] = await db
    .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
    .from(pushKeys)
    .where(eq(pushKeys.id, VAPID_ROW));
  if (!row) throw new Error('the VAPID key pair could not be stored');
  return row;
}

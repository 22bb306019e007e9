import { eq } from 'drizzle-orm';
import type { PushPayload } from '../../../contract/notification-basics.ts';
import type { Db } from '../../kernel/database.ts';
import type { JobQueue, JobTransaction, RetryPolicy } from '../../kernel/jobs.ts';
import type { Logger } from '../../kernel/logger.ts';
import { PushNotConfiguredError, type PushSender, type PushTarget } from '../../kernel/push.ts';
import { pushSubscriptions } from './schema.ts';

export interface PushJob {
  user_id: string;
  payload: PushPayload;
}

declare module '../../kernel/jobs.ts' {
  interface JobPayloads {
    'notifications.push': PushJob;
  }
}

/**
 * Six attempts over about five minutes, each run cut off after a minute. A retry sends to every subscription
 * again; the ones that had it already replace it on the device (same `tag`), so a person sees it once.
 */
export const PUSH_RETRY_POLICY: Partial<RetryPolicy> = {
  attempts: 6,
  delaySeconds: 5,
  maxDelaySeconds: 120,
  timeoutSeconds: 60,
};

/** Stores a push to every browser and phone of `userId` in `tx`: it goes exactly when the write commits. */
export function enqueuePush(jobs: JobQueue, tx: JobTransaction, userId: string, payload: PushPayload) {
  return jobs.enqueueIn(tx, 'notifications.push', { user_id: userId, payload });
}

type SubscriptionRow = Pick<typeof pushSubscriptions.$inferSelect, 'id' | 'endpoint' | 'p256dh' | 'auth' | 'platform'>;
type Outcome = 'sent' | 'gone' | 'failed' | 'skipped';

/**
 * The worker of `notifications.push`: sends the payload to each subscription of the user, forgets those the
 * push service says are gone, and throws (so the job is retried) when any failed for another reason.
 */
export function registerPushDelivery(jobs: JobQueue, db: Db, sender: PushSender, logger: Logger) {
  jobs.work(
    'notifications.push',
    async ({ user_id: userId, payload }, run) => {
      const rows = await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          platform: pushSubscriptions.platform,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      const outcomes = await Promise.all(rows.map((row) => deliverOne(db, sender, logger, row, payload)));
      const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
      const summary = { job: run.id, attempt: run.attempt, user_id: userId, notification_id: payload.notification_id };
      const tally = { sent: count('sent'), gone: count('gone'), failed: count('failed'), skipped: count('skipped') };
      logger.info({ ...summary, ...tally }, 'push delivered');
      if (tally.failed > 0) throw new Error(`${tally.failed} of ${rows.length} push deliveries failed`);
    },
    PUSH_RETRY_POLICY,
  );
}

async function deliverOne(db: Db, sender: PushSender, logger: Logger, row: SubscriptionRow, payload: PushPayload) {
  const target = targetOf(row);
  const about = { subscription_id: row.id, platform: row.platform };
  if (!target) {
    logger.warn(about, 'push subscription without keys skipped');
    return 'skipped';
  }
  try {
    const outcome = await sender.send(target, payload);
    if (outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
    logger.debug({ ...about, outcome }, 'push outcome');
    return outcome;
  } catch (error) {
    if (error instanceof PushNotConfiguredError) {
      logger.debug(about, 'push to a phone skipped: FCM is not configured');
      return 'skipped';
    }
    logger.warn({ ...about, ...failureOf(error) }, 'push failed');
    return 'failed';
  }
}

function targetOf(row: SubscriptionRow): PushTarget | null {
  if (row.platform === 'android' || row.platform === 'ios') {
    return { kind: 'device', token: row.endpoint, platform: row.platform };
  }
  if (!row.p256dh || !row.auth) return null;
  return { kind: 'web', endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth };
}

/** What a failure says, without the endpoint or the push service's headers that a library error carries along. */
function failureOf(error: unknown) {
  const status = (error as { statusCode?: unknown }).statusCode;
  return {
    error: error instanceof Error ? error.message : String(error),
    ...(typeof status === 'number' ? { status } : {}),
  };
}

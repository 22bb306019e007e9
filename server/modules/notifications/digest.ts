import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguageCode } from '../../../contract/language.ts';
import type { Db } from '../../kernel/database.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import type { AccountRow } from '../users/index.ts';
import { digestMail, type MailSite } from './mails.ts';
import { notificationDigestEntries, notificationSources } from './schema.ts';

declare module '../../kernel/jobs.ts' {
  interface JobPayloads {
    'notifications.digest': Record<string, never>;
  }
}

export const DIGEST_JOB = 'notifications.digest';
/** Once a day, in the evening of the region's time zones (UTC). */
const DIGEST_CRON = '0 16 * * *';
/** People mailed per batch; the job goes on until nobody waits. */
const BATCH = 200;
/** How long a follow-up run's claim is kept: far longer than any retry of it. */
const CLAIM_DAYS = 30;

export interface DigestDependencies {
  db: Db;
  jobs: JobQueue;
  people(userIds: string[]): Promise<Map<string, AccountRow>>;
  site: MailSite;
}

/** The daily mail of each person's new saved-search matches: one mail for all the day's lines, each line once. */
export async function scheduleDigest(context: DigestDependencies) {
  context.jobs.work(DIGEST_JOB, async () => {
    await sendDigests(context);
    await context.db
      .delete(notificationDigestEntries)
      .where(
        and(
          eq(notificationDigestEntries.mailed, true),
          lt(notificationDigestEntries.addedDate, sql`now() - make_interval(days => ${CLAIM_DAYS})`),
        ),
      );
    await context.db
      .delete(notificationSources)
      .where(lt(notificationSources.addedDate, sql`now() - make_interval(days => ${CLAIM_DAYS})`));
  });
  await context.jobs.every(DIGEST_JOB, DIGEST_CRON);
}

export async function sendDigests(context: DigestDependencies) {
  for (;;) {
    const waiting = await context.db
      .selectDistinct({ userId: notificationDigestEntries.userId })
      .from(notificationDigestEntries)
      .where(eq(notificationDigestEntries.mailed, false))
      .limit(BATCH);
    if (waiting.length === 0) return;
    const people = await context.people(waiting.map((row) => row.userId));
    for (const { userId } of waiting) await mailOne(context, userId, people.get(userId));
  }
}

/** Takes the person's waiting lines and stores their mail in one transaction: a line is mailed once. */
async function mailOne(context: DigestDependencies, userId: string, person: AccountRow | undefined) {
  await context.db.transaction(async (tx) => {
    const lines = await tx
      .select()
      .from(notificationDigestEntries)
      .where(and(eq(notificationDigestEntries.userId, userId), eq(notificationDigestEntries.mailed, false)))
      .orderBy(notificationDigestEntries.id)
      .for('update', { skipLocked: true });
    if (lines.length === 0) return;
    await tx
      .update(notificationDigestEntries)
      .set({ mailed: true })
      .where(
        inArray(
          notificationDigestEntries.id,
          lines.map((line) => line.id),
        ),
      );
    if (!person?.userEmail || person.isBanned) return;
    const language = isLanguageCode(person.preferredLanguage) ? person.preferredLanguage : DEFAULT_LANGUAGE;
    const reader = { userId, email: person.userEmail, language };
    const mail = digestMail(
      context.site,
      reader,
      lines.map((line) => ({
        searchName: String(line.data.search_name ?? ''),
        itemTitle: String(line.data.item_title ?? ''),
        itemId: line.itemId ?? '',
      })),
    );
    await context.jobs.enqueueIn(tx, 'mail.send', mail);
  });
}

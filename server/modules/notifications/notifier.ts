import { isNotNull, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../../contract/language.ts';
import {
  EMAIL_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type PushPayload,
} from '../../../contract/notification-basics.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import type { DomainEvents, EventBus, Publish } from '../../kernel/events.ts';
import type { JobQueue } from '../../kernel/jobs.ts';
import { type AccountRow, isPhoneOnlyEmail } from '../users/index.ts';
import { type MailSite, noticeMail } from './mails.ts';
import { preferencesOf } from './preferences.ts';
import { notificationDigestEntries, notificationSources, pushSubscriptions } from './schema.ts';
import { type NoticeEntry, type NoticeRow, storeNotice, unreadCount } from './store.ts';
import { messageOf, type NoticeFacts, shortMessageOf, targetOf, titleOf } from './wording.ts';

/** Sends a push to every device of a person, as a job stored in the caller's transaction. */
export type PushQueue = (tx: Tx, userId: string, payload: PushPayload) => Promise<unknown>;

export interface NotifierDependencies {
  db: Db;
  events: EventBus;
  jobs: JobQueue;
  people(userIds: string[]): Promise<Map<string, AccountRow>>;
  /** Null while no push service is set up. */
  push: PushQueue | null;
  site: MailSite;
}

/** A broadcast is pushed to this many shares of the people in turn (a power of two: a mask picks the share). */
const BROADCAST_SHARES = 64;

type BroadcastNotice = DomainEvents['notification.broadcast']['notice'];

interface Recipient {
  person: AccountRow;
  language: LanguageCode;
  choices: NotificationPreferences;
}

const languageOf = (person: AccountRow): LanguageCode =>
  isLanguageCode(person.preferredLanguage) ? person.preferredLanguage : DEFAULT_LANGUAGE;

export const factsOf = (row: NoticeRow): NoticeFacts => ({
  kind: row.kind as NotificationKind,
  count: row.count,
  title: row.title,
  message: row.message,
  data: row.data,
  itemId: row.itemId,
  actorId: row.actorId,
  id: row.id,
});

/**
 * Makes the notices of one follow-up run: each stored in the list (grouped), pushed and mailed as its recipient
 * chose, all in one transaction that first claims the run's id, so a repeated run (after a crash) does nothing.
 */
export class Notifier {
  private readonly context: NotifierDependencies;

  constructor(context: NotifierDependencies) {
    this.context = context;
  }

  async notify(entries: NoticeEntry[], run: { id: string }): Promise<void> {
    const { db, events } = this.context;
    const wanted = entries.filter((entry) => entry.userId !== entry.actorId);
    if (wanted.length === 0) return;
    const recipients = await this.recipientsOf(wanted.map((entry) => entry.userId));
    await events.transaction(db, async (tx, publish) => {
      const claimed = await tx.insert(notificationSources).values({ jobId: run.id }).onConflictDoNothing().returning();
      if (claimed.length === 0) return;
      for (const entry of wanted) {
        const recipient = recipients.get(entry.userId);
        if (recipient) await this.deliver(tx, publish, entry, recipient);
      }
    });
  }

  /**
   * Pushes a broadcast to the devices of everyone who takes broadcasts by push, a share of the people at a time
   * (by a hash of their id), each share in a transaction that claims it: a repeated run pushes nothing twice.
   */
  async pushBroadcast(notice: BroadcastNotice, run: { id: string }): Promise<void> {
    const { db, push } = this.context;
    if (!push) return;
    const holders = await db
      .selectDistinct({
        userId: sql<string>`${pushSubscriptions.userId}`,
        share: sql<number>`hashtext(${pushSubscriptions.userId}) & ${BROADCAST_SHARES - 1}`,
      })
      .from(pushSubscriptions)
      .where(isNotNull(pushSubscriptions.userId));
    const shares = Map.groupBy(holders, (holder) => holder.share);
    for (const [share, members] of shares) {
      const recipients = await this.recipientsOf(members.map((member) => member.userId));
      await db.transaction(async (tx) => {
        const claim = { jobId: `${run.id}:${share}` };
        const claimed = await tx.insert(notificationSources).values(claim).onConflictDoNothing().returning();
        if (claimed.length === 0) return;
        const { id, ...shown } = notice;
        for (const [userId, { person, choices }] of recipients) {
          if (!person.showNotifications || !choices.broadcast.push) continue;
          await push(tx, userId, { ...shown, tag: `broadcast:${id}`, notification_id: id });
        }
      });
    }
  }

  private async recipientsOf(userIds: string[]): Promise<Map<string, Recipient>> {
    const unique = [...new Set(userIds)];
    const [people, preferences] = await Promise.all([
      this.context.people(unique),
      preferencesOf(this.context.db, unique),
    ]);
    const recipients = new Map<string, Recipient>();
    for (const [userId, person] of people) {
      if (person.isBanned) continue;
      const choices = preferences.get(userId);
      if (!choices) continue;
      recipients.set(userId, { person, language: languageOf(person), choices });
    }
    return recipients;
  }

  private async deliver(tx: Tx, publish: Publish, entry: NoticeEntry, recipient: Recipient) {
    const kind = entry.kind as NotificationKind;
    const choice = recipient.choices[kind];
    const facts = choice.in_app ? factsOf(await storeNotice(tx, entry)) : transientFacts(entry);
    const { language } = recipient;
    const notice = {
      id: facts.id,
      title: titleOf(facts, language),
      body: shortMessageOf(facts, language),
      url: targetOf(facts),
    };
    if (choice.in_app) {
      publish('notification.changed', {
        userId: entry.userId,
        unreadCount: await unreadCount(tx, entry.userId),
        notice,
      });
    }
    if (this.context.push && choice.push && recipient.person.showNotifications) {
      const tag = entry.groupKey ?? `${kind}:${facts.id}`;
      await this.context.push(tx, entry.userId, { ...notice, tag, notification_id: facts.id });
    }
    if (choice.email && EMAIL_KINDS.includes(kind)) await this.mail(tx, entry, recipient, facts);
  }

  /** A mail now, or a line of the day's digest for saved-search matches; only to a proven address. */
  private async mail(tx: Tx, entry: NoticeEntry, recipient: Recipient, facts: NoticeFacts) {
    const { person, language } = recipient;
    if (!person.userEmail || !person.emailVerify || isPhoneOnlyEmail(person.userEmail)) return;
    if (entry.kind === 'saved_search.match') {
      await tx.insert(notificationDigestEntries).values({
        userId: entry.userId,
        kind: entry.kind,
        itemId: entry.itemId ?? null,
        data: entry.data,
      });
      return;
    }
    const reader = { userId: person.id, email: person.userEmail, language };
    const message = {
      kind: facts.kind,
      title: titleOf(facts, language),
      message: messageOf(facts, language),
      url: targetOf(facts),
    };
    await this.context.jobs.enqueueIn(tx, 'mail.send', noticeMail(this.context.site, reader, message));
  }
}

/** A notice that is not kept in the list (the person turned the list off for its kind) but still goes out. */
const transientFacts = (entry: NoticeEntry): NoticeFacts => ({
  kind: entry.kind as NotificationKind,
  count: 1,
  title: '',
  message: '',
  data: entry.data,
  itemId: entry.itemId ?? null,
  actorId: entry.actorId ?? null,
  id: 0,
});

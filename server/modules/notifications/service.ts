import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import { PUSH_BODY_LENGTH } from '../../../contract/notification-basics.ts';
import type { Notification, NotificationPreferences } from '../../../contract/notifications.ts';
import type { Paged } from '../../../contract/paging.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction } from '../../kernel/operator-actions.ts';
import { type PageRequest, resolveOffset, toPage } from '../../kernel/paging.ts';
import { PersonalCache, type PersonalCaching } from '../../kernel/personal-cache.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import type { AccountRow } from '../users/index.ts';
import { factsOf } from './notifier.ts';
import { preferencesOf, savePreferences, turnOff } from './preferences.ts';
import { notificationReads, notifications } from './schema.ts';
import { type NoticeRow, unreadCount, visibleTo } from './store.ts';
import { verifiedUnsubscribe } from './unsubscribe.ts';
import { cut, messageOf, targetOf, titleOf } from './wording.ts';

export interface NotificationsDependencies {
  db: Db;
  events: EventBus;
  people(userIds: string[]): Promise<Map<string, AccountRow>>;
  /** Signs and checks the one-click unsubscribe links of mails. */
  secret: string;
  createLimiter: LimiterFactory;
  /** Each person's first page is kept a while in this process (docs/decisions/0023). */
  caching: PersonalCaching;
}

/** First pages kept in this process: one per person, language and page size, read within the last minute. */
const KEPT_FIRST_PAGES = 2_000;

type FirstPage = { page: Paged<Notification>; actorIds: Set<string> };

/** Marking read, per account a minute: a person reads far fewer; each mark writes and tells every open tab. */
export const NOTIFICATION_MARKS_PER_MINUTE = 120;

type Reader = { userId: string };
type ListedRow = NoticeRow & { broadcastRead: boolean };

export const notificationNotFound = () => notFound('api.notificationNotFound');

/** The notification centre (issue 22): a person's list, its details, what they read, what reaches them. */
export class NotificationsService {
  private readonly context: NotificationsDependencies;
  private readonly marksPerAccount: Limiter;
  private readonly firstPages: PersonalCache<FirstPage>;

  constructor(context: NotificationsDependencies) {
    this.context = context;
    this.firstPages = new PersonalCache(context.caching, KEPT_FIRST_PAGES);
    this.firstPages.dropOn('notices');
    // A renamed (or newly pictured) person shows so in the notices that name them.
    context.caching.notices.on('account', (userId) =>
      this.firstPages.dropWhere(({ actorIds }) => actorIds.has(userId)),
    );
    // This instance drops them before it tells the person's tabs; the others by the notices.
    context.events.on('notification.changed', ({ userId }) => this.firstPages.dropScope(userId));
    context.events.on('notification.broadcast', () => this.firstPages.dropAll());
    this.marksPerAccount = context.createLimiter({
      keyPrefix: 'notification-marks-account',
      points: NOTIFICATION_MARKS_PER_MINUTE,
      durationSeconds: 60,
    });
  }

  /** A page of the person's notices; the first page is kept until one of them changes (at most a minute). */
  async list(reader: Reader, page: PageRequest, language: LanguageCode): Promise<Paged<Notification>> {
    const offset = resolveOffset(page);
    if (offset > 0) return this.readPage(reader, page.limit, offset, language);
    const key = `${reader.userId} ${language} ${page.limit}`;
    const first = await this.firstPages.get(key, async () => {
      const read = await this.readPage(reader, page.limit, 0, language);
      const actorIds = new Set(read.items.flatMap(({ actor }) => (actor ? [actor.user_id] : [])));
      return { value: { page: read, actorIds }, scope: reader.userId };
    });
    if (!first) throw new Error('the first page was not read');
    return first.page;
  }

  private async readPage(reader: Reader, limit: number, offset: number, language: LanguageCode) {
    const rows = await this.rows(reader.userId)
      .where(visibleTo(reader.userId))
      .orderBy(desc(notifications.updatedDate), desc(notifications.id))
      .limit(limit + 1)
      .offset(offset);
    return toPage(await this.present(rows, language), limit, offset);
  }

  /** One notification, marked read by opening it (its detail page). */
  async open(reader: Reader, id: number, language: LanguageCode): Promise<Notification> {
    const row = await this.find(reader, id);
    await this.markRead(reader, id);
    const [shown] = await this.present([{ ...row, readAt: row.readAt ?? new Date(), broadcastRead: true }], language);
    if (!shown) throw notificationNotFound();
    return shown;
  }

  async markRead(reader: Reader, id: number): Promise<number> {
    await this.marksPerAccount.consume(reader.userId);
    const row = await this.find(reader, id);
    const { db } = this.context;
    if (row.userId === null) {
      await db.insert(notificationReads).values({ notificationId: id, userId: reader.userId }).onConflictDoNothing();
    } else {
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
    }
    return this.changed(reader.userId);
  }

  async markAllRead(reader: Reader): Promise<number> {
    await this.marksPerAccount.consume(reader.userId);
    const { db } = this.context;
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, reader.userId), isNull(notifications.readAt)));
    const broadcasts = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(visibleTo(reader.userId), isNull(notifications.userId)));
    if (broadcasts.length > 0) {
      const reads = broadcasts.map(({ id }) => ({ notificationId: id, userId: reader.userId }));
      await db.insert(notificationReads).values(reads).onConflictDoNothing();
    }
    return this.changed(reader.userId);
  }

  /** The conversation was read: its notices are read too (the bell follows the chat). */
  async markConversationRead(userId: string, chatId: string): Promise<void> {
    const updated = await this.context.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          sql`${notifications.kind} like 'chat.%' and ${notifications.data} ->> 'chat_id' = ${chatId}`,
        ),
      )
      .returning({ id: notifications.id });
    if (updated.length > 0) await this.changed(userId);
  }

  unreadCount(reader: Reader): Promise<number> {
    return unreadCount(this.context.db, reader.userId);
  }

  async preferences(reader: Reader): Promise<NotificationPreferences> {
    const choices = (await preferencesOf(this.context.db, [reader.userId])).get(reader.userId);
    if (!choices) throw new Error('preferences were not read');
    return choices;
  }

  savePreferences(reader: Reader, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
    return savePreferences(this.context.db, reader.userId, changes);
  }

  /** The one-click unsubscribe of a mail (RFC 8058): no sign-in, only a link we signed. */
  async unsubscribe(query: { u?: string; k?: string; s?: string }): Promise<void> {
    const request = verifiedUnsubscribe(this.context.secret, query);
    if (!request) throw new AppError(400, 'api.unsubscribeLinkInvalid');
    const person = (await this.context.people([request.userId])).get(request.userId);
    if (!person) throw new AppError(400, 'api.unsubscribeLinkInvalid');
    await turnOff(this.context.db, request.userId, request.kind, 'email');
  }

  /** An operator's notice to everyone (one row, read per person), counted live and pushed as people chose. */
  /** A notice for everyone: every open tab counts it, devices that take broadcasts get a push; in the audit log. */
  async broadcast(
    operator: { userId: string; isAdmin: boolean },
    input: { title: string; message: string },
  ): Promise<number> {
    if (!operator.isAdmin) throw new AppError(403, 'errors.forbidden');
    return this.context.events.transaction(this.context.db, async (tx, publish) => {
      const [row] = await tx
        .insert(notifications)
        .values({ userId: null, kind: 'broadcast', title: input.title, message: input.message })
        .returning({ id: notifications.id });
      if (!row) throw new Error('a broadcast was not stored');
      const body = cut(input.message, PUSH_BODY_LENGTH);
      publish('notification.broadcast', {
        notice: { id: row.id, title: input.title, body, url: `/notification/${row.id}` },
      });
      recordOperatorAction(publish, {
        ...{
          actorId: operator.userId,
          action: 'broadcast.send',
          subjectType: 'content',
          subjectId: `broadcast:${row.id}`,
        },
        ...{ before: null, after: { title: input.title, message: input.message } },
      });
      return row.id;
    });
  }

  private rows(userId: string) {
    const read = sql<boolean>`exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${notifications.id} and ${notificationReads.userId} = ${userId})`;
    return this.context.db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        kind: notifications.kind,
        title: notifications.title,
        message: notifications.message,
        data: notifications.data,
        itemId: notifications.itemId,
        actorId: notifications.actorId,
        groupKey: notifications.groupKey,
        count: notifications.count,
        readAt: notifications.readAt,
        addedDate: notifications.addedDate,
        updatedDate: notifications.updatedDate,
        broadcastRead: read,
      })
      .from(notifications)
      .$dynamic();
  }

  private async find(reader: Reader, id: number): Promise<ListedRow> {
    const [row] = await this.rows(reader.userId).where(and(eq(notifications.id, id), visibleTo(reader.userId)));
    if (!row) throw notificationNotFound();
    return row;
  }

  private async changed(userId: string): Promise<number> {
    const count = await unreadCount(this.context.db, userId);
    await this.context.events.publish('notification.changed', { userId, unreadCount: count });
    return count;
  }

  private async present(rows: ListedRow[], language: LanguageCode): Promise<Notification[]> {
    const actorIds = [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
    const actors = await this.context.people(actorIds);
    return rows.map((row) => {
      const facts = factsOf(row);
      const actor = row.actorId ? actors.get(row.actorId) : undefined;
      return {
        id: row.id,
        kind: facts.kind,
        title: titleOf(facts, language),
        message: messageOf(facts, language),
        count: row.count,
        target_url: targetOf(facts),
        item_id: row.itemId,
        actor: actor
          ? { user_id: actor.id, user_name: actor.userName, user_profile_photo: actor.userProfilePhoto }
          : null,
        is_read: row.userId === null ? row.broadcastRead : row.readAt !== null,
        added_date: row.updatedDate.toISOString(),
      };
    });
  }
}

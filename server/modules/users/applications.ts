import { and, count, desc, eq, gt, min, sql } from 'drizzle-orm';
import {
  APPLICATION_STATUS,
  APPLICATION_STATUS_NAMES,
  type ApplicationDecisionInput,
  type BadgeApplication,
  type BadgeKind,
  type BadgeStanding,
} from '../../../contract/applications.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageWindow } from '../../../contract/pages.ts';
import type { Paged } from '../../../contract/paging.ts';
import { DAY_MS, lockAccountCounter, refuseAtLimit } from '../../kernel/account-limits.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { toPage } from '../../kernel/paging.ts';
import { MediaRefused, type MediaService, type Upload } from '../media/index.ts';
import { blueMarkApplications, dealershipApplications, users } from './schema.ts';

/** Applications one account may make for one badge in 30 days: an answer is worth waiting for, not spamming. */
export const APPLICATIONS_PER_MONTH = 3;
/** Certificates are stored away from the public uploads (server/app.ts refuses this folder). */
export const PRIVATE_CERTIFICATES_FOLDER = 'private/certificates';

const TABLES = { blue_mark: blueMarkApplications, dealership: dealershipApplications } as const;
type ApplicationRow = typeof dealershipApplications.$inferSelect;

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/** Blue-mark and verified-dealer applications (SPEC.md 1, 5, 6): members apply, operators decide. */
export class BadgeApplications {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly media: MediaService;

  constructor({ db, events, media }: { db: Db; events: EventBus; media: MediaService }) {
    this.db = db;
    this.events = events;
    this.media = media;
  }

  /** The member's own standing: whether they hold each badge and their latest application for it. */
  async standingOf(userId: string): Promise<BadgeStanding> {
    const [account] = await this.db
      .select({ name: users.userName, blueMark: users.isVerifyBlueMark, dealer: users.isVerifiedDealer })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) throw new AppError(404, 'users.notFound');
    const latest = async (kind: BadgeKind) => {
      const table = TABLES[kind];
      const [row] = await this.db
        .select()
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(desc(table.addedDate), desc(table.id))
        .limit(1);
      return row ? presentApplication(kind, row as ApplicationRow, account.name) : null;
    };
    return {
      blue_mark: { held: account.blueMark, latest: await latest('blue_mark') },
      dealership: { held: account.dealer, latest: await latest('dealership') },
    };
  }

  /** A blue-mark application with its note. */
  async applyForBlueMark(userId: string, note: string, language: LanguageCode) {
    await this.apply(userId, 'blue_mark', language, (tx) =>
      tx.insert(blueMarkApplications).values({ userId, note }).returning({ id: blueMarkApplications.id }),
    );
  }

  /** A dealership application with its note and certificate (a PDF, kept away from the public uploads). */
  async applyForDealership(userId: string, note: string, certificate: Upload | undefined, language: LanguageCode) {
    if (!certificate) throw new AppError(400, 'applications.certificateRequired');
    await this.refuseUnlessOpen(userId, 'dealership', language);
    const stored = await this.media
      .storePdf(certificate, { folder: PRIVATE_CERTIFICATES_FOLDER, name: userId })
      .catch((error: unknown) => {
        throw error instanceof MediaRefused ? certificateRefusal(error) : error;
      });
    try {
      await this.apply(userId, 'dealership', language, (tx) =>
        tx
          .insert(dealershipApplications)
          .values({ userId, note, certificatePath: stored.path })
          .returning({ id: dealershipApplications.id }),
      );
    } catch (error) {
      await this.media.removeStored(stored.path);
      throw error;
    }
  }

  /** Withdraws the member's pending application for a badge (SPEC.md 7 "dealership cancel"). */
  async cancel(userId: string, kind: BadgeKind) {
    const table = TABLES[kind];
    const cancelled = await this.db
      .update(table)
      .set({ status: APPLICATION_STATUS.cancelled, decidedDate: new Date() })
      .where(and(eq(table.userId, userId), eq(table.status, APPLICATION_STATUS.pending)))
      .returning({ id: table.id });
    if (cancelled.length === 0) throw new AppError(409, 'applications.nothingPending');
  }

  /** Pending applications of one kind, oldest first (operators only). */
  async pending(asker: Asker, kind: BadgeKind, page: PageWindow): Promise<Paged<BadgeApplication>> {
    refuseUnlessAdmin(asker);
    const table = TABLES[kind];
    const rows = await this.db
      .select({ application: table, name: users.userName })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId))
      .where(eq(table.status, APPLICATION_STATUS.pending))
      .orderBy(table.addedDate, table.id)
      .limit(page.limit + 1)
      .offset(page.offset);
    const applications = rows.map((row) => presentApplication(kind, row.application as ApplicationRow, row.name));
    return toPage(applications, page.limit, page.offset);
  }

  /** How many applications wait for an operator, by kind (the console's dashboard). */
  async pendingCounts(asker: Asker): Promise<Record<BadgeKind, number>> {
    refuseUnlessAdmin(asker);
    const pendingOf = async (kind: BadgeKind) => {
      const table = TABLES[kind];
      const [row] = await this.db
        .select({ count: count() })
        .from(table)
        .where(eq(table.status, APPLICATION_STATUS.pending));
      return row?.count ?? 0;
    };
    return { blue_mark: await pendingOf('blue_mark'), dealership: await pendingOf('dealership') };
  }

  /** An operator approves (the badge shows at once) or refuses with a reason; recorded in the audit log. */
  async decide(asker: Asker, kind: BadgeKind, applicationId: number, input: ApplicationDecisionInput) {
    refuseUnlessAdmin(asker);
    const table = TABLES[kind];
    const approve = input.decision === 'approve';
    await this.events.transaction(this.db, async (tx, publish) => {
      const [application] = await tx.select().from(table).where(eq(table.id, applicationId)).for('update');
      if (!application) throw new AppError(404, 'applications.notFound');
      if (application.status !== APPLICATION_STATUS.pending) throw new AppError(409, 'applications.alreadyDecided');
      const status = approve ? APPLICATION_STATUS.approved : APPLICATION_STATUS.rejected;
      const reason = approve ? null : (input.reason ?? null);
      await tx
        .update(table)
        .set({ status, reason, decidedBy: asker.userId, decidedDate: new Date() })
        .where(eq(table.id, applicationId));
      if (approve) {
        const badge = kind === 'blue_mark' ? { isVerifyBlueMark: true } : { isVerifiedDealer: true };
        await tx.update(users).set(badge).where(eq(users.id, application.userId));
      }
      recordOperatorAction(publish, {
        ...{ actorId: asker.userId, action: `application.${input.decision}`, subjectType: 'application' },
        subjectId: `${kind}:${applicationId}`,
        before: { status: 'pending', user_id: application.userId },
        after: { status: APPLICATION_STATUS_NAMES[status], user_id: application.userId, reason },
      });
    });
  }

  /** A dealership application's certificate, for an operator to read; null when it has none. */
  async certificateOf(asker: Asker, applicationId: number) {
    refuseUnlessAdmin(asker);
    const [row] = await this.db
      .select({ path: dealershipApplications.certificatePath })
      .from(dealershipApplications)
      .where(eq(dealershipApplications.id, applicationId));
    if (!row?.path) return null;
    return this.media.openStored(row.path);
  }

  /** Checks the account may apply, then writes the application, in one transaction per account and kind. */
  private async apply(
    userId: string,
    kind: BadgeKind,
    language: LanguageCode,
    write: (tx: Tx) => Promise<unknown>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockAccountCounter(tx, `application-${kind}`, userId);
      await this.refuseUnlessOpen(userId, kind, language, tx);
      await write(tx);
    });
  }

  /** Refuses when the account holds the badge, has an application waiting, or applied too often lately. */
  private async refuseUnlessOpen(userId: string, kind: BadgeKind, language: LanguageCode, db: Db | Tx = this.db) {
    const [account] = await db
      .select({ blueMark: users.isVerifyBlueMark, dealer: users.isVerifiedDealer })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) throw new AppError(404, 'users.notFound');
    if (kind === 'blue_mark' ? account.blueMark : account.dealer) throw new AppError(409, 'applications.alreadyHeld');
    const table = TABLES[kind];
    const [recent] = await db
      .select({ count: count(), oldest: min(table.addedDate), pending: pendingCount(table) })
      .from(table)
      .where(and(eq(table.userId, userId), gt(table.addedDate, new Date(Date.now() - 30 * DAY_MS))));
    if ((recent?.pending ?? 0) > 0) throw new AppError(409, 'applications.alreadyPending');
    const done = { count: recent?.count ?? 0, oldest: recent?.oldest ?? null };
    refuseAtLimit(
      done,
      { limit: APPLICATIONS_PER_MONTH, windowMs: 30 * DAY_MS, messageKey: 'applications.tooMany' },
      language,
    );
  }
}

function pendingCount(table: (typeof TABLES)[BadgeKind]) {
  return sql<number>`count(*) filter (where ${table.status} = ${APPLICATION_STATUS.pending})`.mapWith(Number);
}

function certificateRefusal(error: MediaRefused) {
  if (error.reason === 'bytes') return new AppError(400, 'applications.certificateTooLarge');
  if (error.reason === 'pages') return new AppError(400, 'applications.certificatePages');
  return new AppError(400, 'applications.certificateNotPdf');
}

function presentApplication(kind: BadgeKind, row: ApplicationRow, userName: string): BadgeApplication {
  return {
    id: row.id,
    kind,
    user_id: row.userId,
    user_name: userName,
    note: row.note,
    has_certificate: Boolean(row.certificatePath),
    status: APPLICATION_STATUS_NAMES[row.status] ?? 'pending',
    reason: row.reason,
    added_date: row.addedDate.toISOString(),
    decided_date: row.decidedDate?.toISOString() ?? null,
  };
}

import { and, eq, gt, sql } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import type { SellerContact } from '../../../contract/users.ts';
import { HOUR_MS, lockAccountCounter, refuseAtLimit } from '../../kernel/account-limits.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { SettingsService } from '../settings/index.ts';
import { type AccountRow, contactOf } from '../users/index.ts';
import { itemContactReveals } from './schema.ts';

export interface ContactRevealDependencies {
  settings: Pick<SettingsService, 'accountLimits'>;
  sellerRows(sellerIds: string[]): Promise<Map<string, AccountRow>>;
}

const phoneNotShared = () => new AppError(404, 'api.sellerPhoneHidden');

/**
 * A seller's phone and WhatsApp, revealed on a signed-in member's press on a listing they may see (issue 24):
 * never in a page, so they cannot be scraped; contact_reveals_per_hour new ones a member an hour; each member
 * counted once a day in the listing's statistics (item_contact_reveals, no write to the listing row).
 */
export class ContactReveals {
  private readonly db: Db;
  private readonly deps: ContactRevealDependencies;

  constructor(db: Db, deps: ContactRevealDependencies) {
    this.db = db;
    this.deps = deps;
  }

  /** `listing` is one the viewer may see (the caller read it as them). */
  async reveal(
    viewer: { userId: string },
    listing: { id: string; sellerId: string },
    language: LanguageCode,
  ): Promise<SellerContact> {
    const seller = (await this.deps.sellerRows([listing.sellerId])).get(listing.sellerId);
    const contact = seller ? contactOf(seller) : null;
    if (!contact || (!contact.phone && !contact.whatsapp)) throw phoneNotShared();
    if (viewer.userId !== listing.sellerId) await this.record(viewer.userId, listing.id, language);
    return { user_phone: contact.phone, whatsapp: contact.whatsapp };
  }

  /** Members who revealed the listing's seller's phone, one a day each. */
  async countOf(itemId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(itemContactReveals)
      .where(eq(itemContactReveals.itemId, itemId));
    return row?.count ?? 0;
  }

  /** Counts a reveal new today against the member's hourly limit, then records it. */
  private async record(viewerId: string, itemId: string, language: LanguageCode) {
    const { contactRevealsPerHour: limit } = await this.deps.settings.accountLimits();
    await this.db.transaction(async (tx) => {
      await lockAccountCounter(tx, 'contact-reveals', viewerId);
      const [today] = await tx
        .select({ itemId: itemContactReveals.itemId })
        .from(itemContactReveals)
        .where(
          and(
            eq(itemContactReveals.itemId, itemId),
            eq(itemContactReveals.viewerId, viewerId),
            eq(itemContactReveals.day, sql`current_date`),
          ),
        );
      if (today) return;
      const [done] = await tx
        .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${itemContactReveals.addedDate})` })
        .from(itemContactReveals)
        .where(
          and(
            eq(itemContactReveals.viewerId, viewerId),
            gt(itemContactReveals.addedDate, new Date(Date.now() - HOUR_MS)),
          ),
        );
      const rule = { limit, windowMs: HOUR_MS, messageKey: 'api.contactRevealLimit' };
      refuseAtLimit(done ?? { count: 0, oldest: null }, rule, language);
      await tx.insert(itemContactReveals).values({ itemId, viewerId }).onConflictDoNothing();
    });
  }
}

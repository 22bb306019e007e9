import { eq } from 'drizzle-orm';
import { type ItemEntryInput, VEHICLE_FIELDS } from '../../../contract/item-entry.ts';
import { slugOf } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Viewer } from '../../../contract/session.ts';
import { existingItem, forbidden } from './access.ts';
import type { ItemsContext } from './context.ts';
import { canDeleteItem, canEditItem, dailyListingRule, statusAfterEdit, statusOfNewItem } from './policy.ts';
import { checkPostingAllowance, type PostingRules } from './posting-allowance.ts';
import { checkReferences } from './references.ts';
import { items } from './schema.ts';

/** Posting, editing, deleting and marking sold (SPEC.md 5 item entry rules): each checks who asks. */

type ItemValues = Omit<typeof items.$inferInsert, 'id' | 'addedUserId' | 'status'>;

/** The row's columns from an entry; vehicle details only in a vehicle category. */
function valuesOf(input: ItemEntryInput, isVehicle: boolean): ItemValues {
  const vehicle = Object.fromEntries(VEHICLE_FIELDS.map((field) => [field, isVehicle ? input[field] : null])) as {
    [K in (typeof VEHICLE_FIELDS)[number]]: number | null;
  };
  return {
    slug: slugOf(input.title),
    title: input.title,
    description: input.description,
    highlightInfo: input.highlight_info ?? '',
    keyword: input.keyword,
    catId: input.cat_id,
    subCatId: input.sub_cat_id,
    itemTypeId: input.item_type_id,
    itemPriceTypeId: input.item_price_type_id,
    itemCurrencyId: input.item_currency_id,
    itemLocationId: input.item_location_id,
    itemLocationTownshipId: input.item_location_township_id,
    conditionOfItemId: input.condition_of_item_id,
    dealOptionId: input.deal_option_id,
    dealOptionRemark: input.deal_option_remark,
    price: input.price,
    brand: input.brand,
    businessMode: input.business_mode,
    address: input.address,
    lat: input.lat,
    lng: input.lng,
    manufacturerId: vehicle.manufacturer_id,
    modelId: vehicle.model_id,
    year: vehicle.year,
    mileage: vehicle.mileage,
    engineStatusId: vehicle.engine_status_id,
    transmissionId: vehicle.transmission_id,
    fuelTypeId: vehicle.fuel_type_id,
    bodyStyleId: vehicle.body_style_id,
    colorId: vehicle.color_id,
    sellerTypeId: vehicle.seller_type_id,
    vehicleTypeId: vehicle.vehicle_type_id,
  };
}

const mediaOf = (input: ItemEntryInput) => ({
  image_ids: input.image_ids,
  video_id: input.video_id,
  video_icon_id: input.video_icon_id,
});

export class ItemPosting {
  private readonly context: ItemsContext;

  constructor(context: ItemsContext) {
    this.context = context;
  }

  /**
   * A new listing of the viewer within its account's limits, pending or active as the app settings say; its
   * uploads become its photos.
   */
  async create(viewer: Viewer, input: ItemEntryInput, language: LanguageCode): Promise<string> {
    const { db, events, settings, itemMedia } = this.context;
    const isVehicle = await checkReferences(db, input, language);
    const approvalRequired = await settings.itemApprovalRequired();
    const rules = await this.postingRules(viewer);
    const { itemId, unusedPaths } = await events.transaction(db, async (tx, publish) => {
      const allowance = rules ? await checkPostingAllowance(tx, viewer.userId, rules, language) : undefined;
      const status = statusOfNewItem(approvalRequired, allowance?.amongFirstReviewed);
      const [created] = await tx
        .insert(items)
        .values({ ...valuesOf(input, isVehicle), addedUserId: viewer.userId, status })
        .returning({ id: items.id });
      const id = (created as { id: string }).id;
      const attached = await itemMedia.attach(tx, viewer.userId, id, mediaOf(input));
      publish('item.created', { itemId: id, ownerId: viewer.userId });
      return { itemId: id, unusedPaths: attached.unusedPaths };
    });
    await itemMedia.removeFiles(unusedPaths);
    return itemId;
  }

  /** The limits of the viewer's account; none for admins, who post on the operator's behalf. */
  private async postingRules(viewer: Viewer): Promise<PostingRules | null> {
    if (viewer.isAdmin) return null;
    const [limits, accounts] = await Promise.all([
      this.context.settings.accountLimits(),
      this.context.sellerRows([viewer.userId]),
    ]);
    const account = accounts.get(viewer.userId);
    const standing = { joinedAt: account?.addedDate ?? new Date(), memberUntil: account?.membershipExpiresAt ?? null };
    return { daily: dailyListingRule(limits, standing), firstReviewed: limits.firstListingsReviewed };
  }

  /** The owner's changes; the status follows the edit rule (an active item waits again when approval is on). */
  async update(viewer: Viewer, itemId: string, input: ItemEntryInput, language: LanguageCode): Promise<void> {
    const { db, events, itemMedia } = this.context;
    const current = await existingItem(db, itemId);
    if (!canEditItem(viewer, current)) throw forbidden();
    const isVehicle = await checkReferences(db, input, language);
    const approvalRequired = await this.context.settings.itemApprovalRequired();
    const unusedPaths = await events.transaction(db, async (tx, publish) => {
      const [row] = await tx
        .select({ status: items.status, updatedFlag: items.updatedFlag, price: items.price })
        .from(items)
        .where(eq(items.id, itemId))
        .for('update');
      if (!row) return [];
      await tx
        .update(items)
        .set({
          ...valuesOf(input, isVehicle),
          status: statusAfterEdit(row.status, approvalRequired),
          updatedDate: new Date(),
          updatedUserId: viewer.userId,
          updatedFlag: 1,
        })
        .where(eq(items.id, itemId));
      publish('item.updated', { itemId, ownerId: current.addedUserId });
      if (Number(input.price) < Number(row.price)) {
        publish('item.priceDropped', {
          itemId,
          ownerId: current.addedUserId,
          from: row.price,
          to: String(input.price),
        });
      }
      return (await itemMedia.attach(tx, viewer.userId, itemId, mediaOf(input))).unusedPaths;
    });
    await itemMedia.removeFiles(unusedPaths);
  }

  /** Soft delete: the row stays with deleted_at; its photos, video and their files go. */
  async remove(viewer: Viewer, itemId: string): Promise<void> {
    const { db, events, itemMedia } = this.context;
    const current = await existingItem(db, itemId);
    if (!canDeleteItem(viewer, current)) throw forbidden();
    await events.transaction(db, async (tx, publish) => {
      const deletedAt = new Date();
      await tx.update(items).set({ deletedAt }).where(eq(items.id, itemId));
      publish('item.deleted', {
        itemId,
        ownerId: current.addedUserId,
        at: deletedAt.toISOString(),
        ...(viewer.userId === current.addedUserId ? {} : { adminId: viewer.userId }),
      });
    });
    await itemMedia.removeAllOf(itemId);
  }

  /** The owner marks the item sold (or available again). */
  async setSoldOut(viewer: Viewer, itemId: string, soldOut: boolean): Promise<void> {
    const { db, events } = this.context;
    const current = await existingItem(db, itemId);
    if (!canEditItem(viewer, current)) throw forbidden();
    await events.transaction(db, async (tx, publish) => {
      // Offered again after a sale, a listing starts a new lifetime (lifetime.ts): sold ones do not expire.
      const relisted =
        !soldOut && current.isSoldOut ? { renewedAt: this.context.clock.now(), expiryNoticeSent: false } : {};
      await tx
        .update(items)
        .set({ isSoldOut: soldOut, ...relisted })
        .where(eq(items.id, itemId));
      if (soldOut && !current.isSoldOut) publish('item.sold', { itemId, ownerId: current.addedUserId });
    });
  }
}

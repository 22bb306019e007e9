import { formatDateTime } from '../../../contract/format.ts';
import type { Item, ItemDetail, OwnItem, VehicleDetails } from '../../../contract/items.ts';
import { itemNameOf } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { Category, Currency, Lookup, Subcategory } from '../../../contract/lookups.ts';
import type { Image } from '../../../contract/media.ts';
import { presentSeller } from '../users/index.ts';
import type { CardExtras, CategoryJson, CurrencyJson, ItemRow, LookupJson, SubcategoryJson } from './loading.ts';

/** Item rows turned into what clients see: the Item card and the ItemDetail of an item's page. */

export interface ItemViewer {
  userId: string;
  isAdmin: boolean;
}

const dates = (addedDate: Date | string, language: LanguageCode) => {
  const date = typeof addedDate === 'string' ? new Date(addedDate) : addedDate;
  return { added_date: date.toISOString(), added_date_str: formatDateTime(date, language) };
};

const isoOrNull = (value: string | null) => (value ? new Date(value).toISOString() : null);

/**
 * Lookups presented once per list and language, then reused: a list of 20 items names the same few
 * categories, cities and conditions again and again, and each presentation formats a date. The same object
 * for the same lookup also lets a page's data encoding write it once.
 */
export class LookupMemo {
  readonly language: LanguageCode;
  private readonly presented = new Map<string, unknown>();

  constructor(language: LanguageCode) {
    this.language = language;
  }

  get<T>(kind: string, id: number | string | undefined, present: () => T): T {
    if (id === undefined) return present();
    const key = `${kind}:${id}`;
    if (this.presented.has(key)) return this.presented.get(key) as T;
    const value = present();
    this.presented.set(key, value);
    return value;
  }
}

function lookup(row: LookupJson | null, language: LanguageCode): Lookup | null {
  if (!row) return null;
  return { id: row.id, name: row.name, status: row.status, ...dates(row.added_date, language) };
}

const first = (extras: CardExtras, parentId: string | number, type: string) =>
  extras.byParent.get(`${parentId}:${type}`)?.[0] ?? null;

function categoryOf(row: CategoryJson | null, extras: CardExtras, language: LanguageCode): Category | null {
  if (!row) return null;
  return {
    cat_id: row.id,
    cat_name: row.name,
    cat_name_ar: row.name_ar,
    cat_ordering: row.ordering,
    slug: row.slug,
    icon: row.icon,
    is_vehicle: row.is_vehicle,
    status: row.status,
    ...dates(row.added_date, language),
    default_photo: first(extras, row.id, 'category'),
    default_icon: first(extras, row.id, 'category-icon'),
  };
}

function subcategoryOf(row: SubcategoryJson | null, extras: CardExtras, language: LanguageCode): Subcategory | null {
  if (!row) return null;
  return {
    id: row.id,
    cat_id: row.cat_id,
    name: row.name,
    status: row.status,
    ...dates(row.added_date, language),
    added_user_id: row.added_user_id,
    updated_date: isoOrNull(row.updated_date),
    updated_user_id: row.updated_user_id,
    updated_flag: row.updated_flag,
    default_photo: first(extras, row.id, 'subcategory'),
  };
}

function currencyOf(row: CurrencyJson | null, language: LanguageCode): Currency | null {
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    currency_short_form: row.short_form,
    currency_symbol: row.symbol,
    is_default: row.is_default,
    status: row.status,
    ...dates(row.added_date, language),
  };
}

function priceTypeOf(row: ItemRow['priceType'], language: LanguageCode) {
  const priceType = lookup(row, language);
  return priceType ? { ...priceType, is_empty_object: Boolean(row?.is_empty_object) } : null;
}

function cityOf(row: ItemRow['location'], language: LanguageCode) {
  const location = lookup(row, language);
  return location ? { ...location, lat: row?.lat ?? 0, lng: row?.lng ?? 0 } : null;
}

/** The card of an item (lists, related items, the moderation queue). */
export function presentItem(
  row: ItemRow,
  extras: CardExtras,
  viewer: ItemViewer | null,
  language: LanguageCode,
  memo: LookupMemo,
): Item {
  const { item } = row;
  const once = <T>(kind: string, value: { id: number } | null, present: () => T) => memo.get(kind, value?.id, present);
  const plain = (kind: string, value: LookupJson | null) => once(kind, value, () => lookup(value, language));
  return {
    id: item.id,
    cat_id: item.catId,
    sub_cat_id: item.subCatId,
    item_type_id: item.itemTypeId,
    item_price_type_id: item.itemPriceTypeId,
    item_currency_id: item.itemCurrencyId,
    item_location_id: item.itemLocationId,
    item_location_township_id: item.itemLocationTownshipId,
    condition_of_item_id: item.conditionOfItemId,
    deal_option_id: item.dealOptionId,
    deal_option_remark: item.dealOptionRemark,
    description: item.description,
    highlight_info: item.highlightInfo,
    price: item.price,
    brand: item.brand,
    business_mode: item.businessMode,
    is_sold_out: item.isSoldOut,
    title: item.title,
    address: item.address,
    lat: item.lat,
    lng: item.lng,
    status: item.status,
    ...dates(item.addedDate, language),
    added_user_id: item.addedUserId,
    updated_date: item.updatedDate?.toISOString() ?? null,
    updated_user_id: item.updatedUserId,
    updated_flag: item.updatedFlag,
    touch_count: item.touchCount + row.pendingViews,
    favourite_count: item.favouriteCount,
    is_paid: item.isPaid,
    paid_status: item.isPaid ? 'paid' : 'not_paid',
    dynamic_link: item.dynamicLink,
    item_name: itemNameOf(item),
    keyword: item.keyword,
    item_location_township: row.township ? { id: row.township.id, township_name: row.township.name } : null,
    photo_count: extras.byParent.get(`${item.id}:item`)?.length ?? 0,
    is_favourited: Boolean(row.isFavourited),
    is_owner: viewer?.userId === item.addedUserId,
    default_photo: first(extras, item.id, 'item'),
    default_video: first(extras, item.id, 'video'),
    default_video_icon: first(extras, item.id, 'video-icon'),
    category: once('category', row.category, () => categoryOf(row.category, extras, language)),
    sub_category: once('subcategory', row.subcategory, () => subcategoryOf(row.subcategory, extras, language)),
    item_type: plain('itemType', row.itemType),
    item_price_type: once('priceType', row.priceType, () => priceTypeOf(row.priceType, language)),
    item_currency: once('currency', row.currency, () => currencyOf(row.currency, language)),
    item_location: once('city', row.location, () => cityOf(row.location, language)),
    condition_of_item: plain('condition', row.condition),
    deal_option: plain('dealOption', row.dealOption),
    user: sellerOf(extras, item.addedUserId, viewer),
  };
}

function sellerOf(extras: CardExtras, sellerId: string, viewer: ItemViewer | null) {
  const seller = extras.sellers.get(sellerId);
  return seller ? presentSeller(seller, viewer) : null;
}

/** Whether the viewer may read why an item was rejected or disabled: its owner and admins. */
const mayReadReason = (row: ItemRow, viewer: ItemViewer | null) =>
  Boolean(viewer && (viewer.isAdmin || viewer.userId === row.item.addedUserId));

/** A card in its owner's own lists, with why it was rejected or disabled. */
export function presentOwnItem(
  row: ItemRow,
  extras: CardExtras,
  viewer: ItemViewer,
  language: LanguageCode,
  memo: LookupMemo,
): OwnItem {
  return { ...presentItem(row, extras, viewer, language, memo), reject_reason: row.item.rejectReason };
}

/** An item's page: its card, every photo in order, the vehicle's details and (for its owner) the reason. */
export function presentItemDetail(
  row: ItemRow,
  extras: CardExtras,
  viewer: ItemViewer | null,
  language: LanguageCode,
  memo: LookupMemo,
): ItemDetail {
  const card = presentItem(row, extras, viewer, language, memo);
  const images: Image[] = extras.byParent.get(`${row.item.id}:item`) ?? [];
  return {
    ...card,
    images,
    vehicle: card.category?.is_vehicle ? vehicleOf(row, memo) : null,
    reject_reason: mayReadReason(row, viewer) ? row.item.rejectReason : null,
    is_reported: Boolean(row.isReported),
  };
}

function vehicleOf(row: ItemRow, memo: LookupMemo): VehicleDetails {
  const plain = (kind: string, value: LookupJson | null) =>
    memo.get(kind, value?.id, () => lookup(value, memo.language));
  return {
    manufacturer: plain('manufacturer', row.manufacturer),
    model: plain('model', row.model),
    year: row.item.year,
    mileage: row.item.mileage,
    engine_status: plain('engineStatus', row.engineStatus),
    transmission: plain('transmission', row.transmission),
    fuel_type: plain('fuelType', row.fuelType),
    body_style: plain('bodyStyle', row.bodyStyle),
    color: plain('color', row.color),
    seller_type: plain('sellerType', row.sellerType),
    vehicle_type: plain('vehicleType', row.vehicleType),
  };
}

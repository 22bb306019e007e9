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

/** The card of an item (lists, related items, the moderation queue). */
export function presentItem(row: ItemRow, extras: CardExtras, viewer: ItemViewer | null, language: LanguageCode): Item {
  const { item } = row;
  const priceType = lookup(row.priceType, language);
  const location = lookup(row.location, language);
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
    category: categoryOf(row.category, extras, language),
    sub_category: subcategoryOf(row.subcategory, extras, language),
    item_type: lookup(row.itemType, language),
    item_price_type: priceType ? { ...priceType, is_empty_object: Boolean(row.priceType?.is_empty_object) } : null,
    item_currency: currencyOf(row.currency, language),
    item_location: location ? { ...location, lat: row.location?.lat ?? 0, lng: row.location?.lng ?? 0 } : null,
    condition_of_item: lookup(row.condition, language),
    deal_option: lookup(row.dealOption, language),
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
export function presentOwnItem(row: ItemRow, extras: CardExtras, viewer: ItemViewer, language: LanguageCode): OwnItem {
  return { ...presentItem(row, extras, viewer, language), reject_reason: row.item.rejectReason };
}

/** An item's page: its card, every photo in order, the vehicle's details and (for its owner) the reason. */
export function presentItemDetail(
  row: ItemRow,
  extras: CardExtras,
  viewer: ItemViewer | null,
  language: LanguageCode,
): ItemDetail {
  const card = presentItem(row, extras, viewer, language);
  const images: Image[] = extras.byParent.get(`${row.item.id}:item`) ?? [];
  return {
    ...card,
    images,
    vehicle: card.category?.is_vehicle ? vehicleOf(row, language) : null,
    reject_reason: mayReadReason(row, viewer) ? row.item.rejectReason : null,
    is_reported: Boolean(row.isReported),
  };
}

function vehicleOf(row: ItemRow, language: LanguageCode): VehicleDetails {
  return {
    manufacturer: lookup(row.manufacturer, language),
    model: lookup(row.model, language),
    year: row.item.year,
    mileage: row.item.mileage,
    engine_status: lookup(row.engineStatus, language),
    transmission: lookup(row.transmission, language),
    fuel_type: lookup(row.fuelType, language),
    body_style: lookup(row.bodyStyle, language),
    color: lookup(row.color, language),
    seller_type: lookup(row.sellerType, language),
    vehicle_type: lookup(row.vehicleType, language),
  };
}

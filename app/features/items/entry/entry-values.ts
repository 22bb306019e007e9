import type { ItemEntryFields } from '../../../../contract/item-entry.ts';
import { VEHICLE_FIELDS } from '../../../../contract/item-entry-basics.ts';
import type { ItemDetail } from '../../../../contract/items.ts';
import type { Image } from '../../../../contract/media.ts';

/** The text and choice fields of the form, each kept as the text its control shows ('' for nothing chosen). */
export const TEXT_FIELDS = [
  'title',
  'cat_id',
  'sub_cat_id',
  'item_type_id',
  'price',
  'item_price_type_id',
  'item_currency_id',
  'condition_of_item_id',
  'brand',
  'business_mode',
  'deal_option_id',
  'deal_option_remark',
  'item_location_id',
  'item_location_township_id',
  'address',
  'lat',
  'lng',
  'description',
  'highlight_info',
  'keyword',
  ...VEHICLE_FIELDS,
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type EntryValues = Record<TextField, string>;

/** Choices whose list depends on another choice: changing the first empties the second. */
const DEPENDENT_CHOICES: Partial<Record<TextField, TextField>> = {
  cat_id: 'sub_cat_id',
  item_location_id: 'item_location_township_id',
  manufacturer_id: 'model_id',
};

/** The values with one field changed, and the choice depending on it emptied when it really changed. */
export function withValue(values: EntryValues, field: TextField, value: string): EntryValues {
  const next = { ...values, [field]: value };
  const dependent = DEPENDENT_CHOICES[field];
  if (dependent && value !== values[field]) next[dependent] = '';
  return next;
}

/** What the form keeps of a stored picture: enough to show it and to send its id. */
export type StoredMedia = Pick<Image, 'img_id' | 'img_path' | 'img_width' | 'img_height'>;

export const storedMedia = (image: Image | StoredMedia): StoredMedia => ({
  img_id: image.img_id,
  img_path: image.img_path,
  img_width: image.img_width,
  img_height: image.img_height,
});

export const uploadsUrl = (media: StoredMedia) => `/uploads/${media.img_path}`;

export function emptyValues(): EntryValues {
  return Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as EntryValues;
}

/** Default choices of a new post: the default currency. */
export function newEntryValues(defaultCurrencyId: number | null): EntryValues {
  return { ...emptyValues(), item_currency_id: defaultCurrencyId ? String(defaultCurrencyId) : '' };
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form filled with an item being edited. */
export function valuesOfItem(item: ItemDetail): EntryValues {
  const vehicle = item.vehicle;
  return {
    title: item.title,
    cat_id: text(item.cat_id),
    sub_cat_id: text(item.sub_cat_id),
    item_type_id: text(item.item_type_id),
    price: text(item.price),
    item_price_type_id: text(item.item_price_type_id),
    item_currency_id: text(item.item_currency_id),
    condition_of_item_id: text(item.condition_of_item_id),
    brand: text(item.brand),
    business_mode: item.business_mode ? 'true' : 'false',
    deal_option_id: text(item.deal_option_id),
    deal_option_remark: text(item.deal_option_remark),
    item_location_id: text(item.item_location_id),
    item_location_township_id: text(item.item_location_township_id),
    address: text(item.address),
    lat: text(item.lat),
    lng: text(item.lng),
    description: item.description,
    highlight_info: text(item.highlight_info),
    keyword: text(item.keyword),
    manufacturer_id: text(vehicle?.manufacturer?.id),
    model_id: text(vehicle?.model?.id),
    year: text(vehicle?.year),
    mileage: text(vehicle?.mileage),
    engine_status_id: text(vehicle?.engine_status?.id),
    transmission_id: text(vehicle?.transmission?.id),
    fuel_type_id: text(vehicle?.fuel_type?.id),
    body_style_id: text(vehicle?.body_style?.id),
    color_id: text(vehicle?.color?.id),
    seller_type_id: text(vehicle?.seller_type?.id),
    vehicle_type_id: text(vehicle?.vehicle_type?.id),
  };
}

/** The pictures of an item being edited: its photos in order, its video and the video's thumbnail. */
export function mediaOfItem(item: ItemDetail) {
  return {
    photos: item.images.map(storedMedia),
    video: item.default_video ? storedMedia(item.default_video) : null,
    videoIcon: item.default_video_icon ? storedMedia(item.default_video_icon) : null,
  };
}

/** What the form sends (itemEntrySchema's input); vehicle details only in a vehicle category. */
export function entryPayload(
  values: EntryValues,
  media: { imageIds: string[]; videoId: string | null; videoIconId: string | null },
  isVehicle: boolean,
): ItemEntryFields {
  const fields: Record<string, string | null> = { ...values };
  if (!isVehicle) for (const field of VEHICLE_FIELDS) fields[field] = null;
  return {
    ...(fields as unknown as ItemEntryFields),
    image_ids: media.imageIds,
    video_id: media.videoId,
    video_icon_id: media.videoId ? media.videoIconId : null,
  };
}

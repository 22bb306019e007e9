import { formatDateTime } from '../../../contract/format.ts';
import { type ItemCardView, itemNameOf, type OwnItemCard } from '../../../contract/items.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { CardRow } from './card-loading.ts';
import type { ItemViewer } from './presenter.ts';

/** A card row as clients see it (contract/items.ts ItemCard). */
export function presentCard(row: CardRow, viewer: ItemViewer | null, language: LanguageCode): ItemCardView {
  const addedDate = new Date(row.addedDate);
  return {
    id: row.id,
    item_name: itemNameOf(row),
    title: row.title,
    price: row.price,
    status: row.status,
    is_sold_out: row.isSoldOut,
    is_paid: row.isPaid,
    cat_id: row.catId,
    sub_cat_id: row.subCatId,
    added_date: addedDate.toISOString(),
    added_date_str: formatDateTime(addedDate, language),
    is_favourited: Boolean(row.isFavourited),
    is_owner: viewer?.userId === row.addedUserId,
    default_photo: row.cover,
    item_currency: row.currency ? { id: row.currency.id, currency_symbol: row.currency.symbol } : null,
    item_location: row.location ? { id: row.location.id, name: row.location.name } : null,
    lat: row.lat,
    lng: row.lng,
    seller: {
      is_verify_blue_mark: row.sellerMarks?.is_verify_blue_mark ?? false,
      is_verified_dealer: row.sellerMarks?.is_verified_dealer ?? false,
    },
  };
}

/** Cards of these rows, in their order. */
export const presentCards = (rows: CardRow[], viewer: ItemViewer | null, language: LanguageCode) =>
  rows.map((row) => presentCard(row, viewer, language));

/** The owner's cards, each with why it was refused. */
export const presentOwnCards = (rows: CardRow[], viewer: ItemViewer, language: LanguageCode): OwnItemCard[] =>
  rows.map((row) => ({ ...presentCard(row, viewer, language), reject_reason: row.rejectReason }));

import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ITEM_STATUS } from '../../../contract/items.ts';
import { items } from './schema.ts';

/**
 * Who may see, list, favourite, report or message a listing: the one rule, as pure predicates over a listing's
 * state (SPEC.md 4 item status; ADR 0016 seller state; issue 11 blocks and reports) and as the SQL every list
 * runs. Items, search, social and chat all ask here.
 */

/** What decides a listing's audience, in the order it is asked. */
export const LISTING_STATE = {
  /** Deleted by its owner or an admin: nobody sees it. */
  deleted: 'deleted',
  /** Pending approval, rejected or disabled: its owner and admins only. */
  unpublished: 'unpublished',
  /** Active, but its seller is banned or deactivated: its owner and admins only. */
  sellerHidden: 'seller-hidden',
  /** Active with a public seller: everyone, but for the ties below. */
  public: 'public',
} as const;
export type ListingState = (typeof LISTING_STATE)[keyof typeof LISTING_STATE];

export interface ListingFacts {
  addedUserId: string;
  status: number;
  deletedAt: Date | null;
  sellerPublic: boolean;
}

/** What lies between one signed-in viewer and a listing (the social module keeps both). */
export interface ViewerTies {
  /** The viewer and the seller are in a block, whichever blocked. */
  inBlock: boolean;
  /** The viewer reported this listing. */
  reported: boolean;
}

export const NO_TIES: ViewerTies = { inBlock: false, reported: false };

export type ListingViewer = { userId: string; isAdmin: boolean } | null;

export function listingState(listing: ListingFacts): ListingState {
  if (listing.deletedAt) return LISTING_STATE.deleted;
  if (listing.status !== ITEM_STATUS.active) return LISTING_STATE.unpublished;
  if (!listing.sellerPublic) return LISTING_STATE.sellerHidden;
  return LISTING_STATE.public;
}

const isOwner = (viewer: { userId: string } | null, listing: ListingFacts) => viewer?.userId === listing.addedUserId;

/**
 * The listing's own page. Its owner and admins see it in every state but deleted (an admin moderates whatever
 * they are in); others see a public listing unless they are in a block with the seller. A listing the viewer
 * reported stays reachable, with a notice.
 */
export function mayView(viewer: ListingViewer, listing: ListingFacts, ties: ViewerTies = NO_TIES): boolean {
  const state = listingState(listing);
  if (state === LISTING_STATE.deleted) return false;
  if (isOwner(viewer, listing) || viewer?.isAdmin) return true;
  return state === LISTING_STATE.public && !ties.inBlock;
}

/** Any list others see (search, rails, related items, favourites, a seller's items): public, no block, not reported. */
export function mayList(listing: ListingFacts, ties: ViewerTies = NO_TIES): boolean {
  return listingState(listing) === LISTING_STATE.public && !ties.inBlock && !ties.reported;
}

/** Favouriting, reporting or messaging about it: someone else's public listing, no block between them. */
export function mayActOn(viewer: { userId: string }, listing: ListingFacts, ties: ViewerTies): boolean {
  return !isOwner(viewer, listing) && listingState(listing) === LISTING_STATE.public && !ties.inBlock;
}

/**
 * What the social module keeps about listings, as SQL over a listing's id and seller: the ties with a viewer,
 * and how many keep it as a favourite (services.ts hands it in; social comes after items in the module order).
 */
export interface ListingTies {
  inBlock(viewerId: ViewerParam, sellerId: SqlValue): SQL<boolean>;
  reportedBy(viewerId: ViewerParam, itemId: SqlValue): SQL<boolean>;
  favouriteOf(viewerId: ViewerParam, itemId: SqlValue): SQL<boolean>;
  favouriteCount(itemId: SqlValue): SQL<number>;
}

/** A column, an expression or a value. */
export type SqlValue = SQL | AnyPgColumn | string;

/** A viewer's id, or the placeholder of a prepared statement that takes it. */
export type ViewerParam = string | Placeholder;

/**
 * `mayList` as SQL: literal values, so the partial indexes of public listings (status = 1 ...) apply. A viewer
 * needs the ties; a visitor does not.
 */
export function listedConditions(viewerId: ViewerParam | null, ties?: ListingTies): SQL[] {
  const conditions = [
    sql`${items.status} = ${sql.raw(String(ITEM_STATUS.active))}`,
    sql`${items.deletedAt} is null`,
    sql`${items.sellerPublic}`,
  ];
  if (viewerId) {
    if (!ties) throw new Error('the list of a signed-in viewer needs their ties');
    conditions.push(
      sql`not ${ties.reportedBy(viewerId, items.id)}`,
      sql`not ${ties.inBlock(viewerId, items.addedUserId)}`,
    );
  }
  return conditions;
}

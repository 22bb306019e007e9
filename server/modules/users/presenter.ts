import type { Viewer } from '../../../contract/session.ts';
import type { PersonCard, RatingSummary, User } from '../../../contract/users.ts';
import { publicUrlOf } from '../media/index.ts';
import { isPhoneOnlyEmail } from './phone-only-email.ts';
import { isAdmin, isPublic } from './policy.ts';
import type { users } from './schema.ts';

/** Account rows turned into what clients see: the User entity, and the signed-in user's summary. */

type UserRow = typeof users.$inferSelect;

/** What decides how much of a profile is shown, and what the profile says about the one looking. */
export interface UserView {
  /** The owner or an administrator: every field. */
  privileged: boolean;
  isOwner: boolean;
  isFollowed: boolean;
  ratingDetails: RatingSummary;
}

/**
 * The address browsers fetch an account's photo from: the stored profile photo, else the picture a social
 * provider gave, else none.
 */
export function photoAddress(account: { userProfilePhoto: string | null; image?: string | null | undefined }) {
  return publicUrlOf(account.userProfilePhoto) ?? account.image ?? null;
}

/** The signed-in user as every request sees them (menus, pages, who may do what). */
export function presentViewer(account: {
  id: string;
  name: string;
  status: number;
  userIsSysAdmin: boolean;
  roleId: number;
  userProfilePhoto?: string | null | undefined;
  image?: string | null | undefined;
}): Viewer {
  return {
    userId: account.id,
    userName: account.name,
    photo: photoAddress({ userProfilePhoto: account.userProfilePhoto ?? null, image: account.image }),
    isAdmin: isAdmin(account),
    status: account.status,
  };
}

/** A phone-only account's stand-in address is never shown. */
const realEmail = (email: string) => (isPhoneOnlyEmail(email) ? null : email);

/** The User entity (SPEC.md 3) of an account row, as `view` may see it. */
export function presentUser(row: UserRow, view: UserView): User {
  const showEmail = view.privileged || row.isShowEmail;
  const contact = contactOf(row);
  return {
    user_id: row.id,
    facebook_id: view.privileged ? row.facebookId : null,
    google_id: view.privileged ? row.googleId : null,
    phone_id: view.privileged ? row.phoneId : null,
    apple_id: view.privileged ? row.appleId : null,
    user_name: row.userName,
    user_email: showEmail ? realEmail(row.userEmail) : null,
    pending_email: view.isOwner ? row.pendingEmail : null,
    // Only a number the account proved with an SMS code is its number. Numbers reach others only by a signed-in
    // member's reveal (contactOf), never in a page anyone can scrape.
    user_phone: view.privileged && row.phoneVerify ? row.userPhone : null,
    user_address: row.userAddress,
    user_lat: row.userLat,
    user_lng: row.userLng,
    city: row.cityId,
    user_about_me: row.userAboutMe,
    is_show_email: row.isShowEmail,
    is_show_phone: row.isShowPhone,
    user_cover_photo: row.userCoverPhoto,
    user_profile_photo: row.userProfilePhoto,
    status: row.status,
    is_banned: row.isBanned,
    added_date: row.addedDate.toISOString(),
    added_date_timestamp: Math.floor(row.addedDate.getTime() / 1000),
    overall_rating: Number(row.overallRating),
    whatsapp: view.privileged ? row.whatsapp : null,
    shows_phone: contact.phone !== null,
    shows_whatsapp: contact.whatsapp !== null,
    messenger: row.messenger,
    follower_count: row.followerCount,
    following_count: row.followingCount,
    email_verify: row.emailVerify,
    apple_verify: row.appleVerify,
    facebook_verify: row.facebookVerify,
    google_verify: row.googleVerify,
    phone_verify: row.phoneVerify,
    rating_count: row.ratingCount,
    is_followed: view.isFollowed,
    rating_details: view.ratingDetails,
    is_favourited: false,
    is_owner: view.isOwner,
    is_verify_blue_mark: row.isVerifyBlueMark,
    is_verified_dealer: row.isVerifiedDealer,
    ...membershipOf(row.membershipExpiresAt),
    // Who runs the site is not shown to strangers.
    ...(view.privileged ? { user_is_sys_admin: row.userIsSysAdmin, role_id: row.roleId } : {}),
  };
}

/**
 * What the account shares for contact (issue 24): its proven phone when it chose to show it, and its WhatsApp
 * number under the same choice; null for what it does not share.
 */
export function contactOf(row: Pick<UserRow, 'isShowPhone' | 'phoneVerify' | 'userPhone' | 'whatsapp'>) {
  const shown = row.isShowPhone;
  return {
    phone: shown && row.phoneVerify && row.userPhone ? row.userPhone : null,
    whatsapp: shown && row.whatsapp?.trim() ? row.whatsapp.trim() : null,
  };
}

/** No stars counted: what a seller card shows until its rating page is asked for (rating_count stays exact). */
const EMPTY_RATING_DETAILS: RatingSummary = {
  five_star_count: 0,
  five_star_percent: 0,
  four_star_count: 0,
  four_star_percent: 0,
  three_star_count: 0,
  three_star_percent: 0,
  two_star_count: 0,
  two_star_percent: 0,
  one_star_count: 0,
  one_star_percent: 0,
  total_rating_count: 0,
  total_rating_value: 0,
};

/**
 * The seller of a listing as its viewer may see them, or null when the profile is hidden: an account that is
 * not public, or whose owner turned off "show my profile on my items" (the owner and admins still see it).
 * The star breakdown is left out (the profile page has it); totals come from the account row.
 */
export function presentSeller(row: UserRow, viewer: { userId: string; isAdmin: boolean } | null): User | null {
  const isOwner = viewer?.userId === row.id;
  const privileged = isOwner || Boolean(viewer?.isAdmin);
  if (!privileged && (!isPublic(row) || !row.showProfileOnItems)) return null;
  return presentCard(row, viewer, false);
}

/** A person in a list or on a card: the totals of their rating from the account row, no star breakdown. */
export function presentCard(row: UserRow, viewer: { userId: string; isAdmin: boolean } | null, isFollowed: boolean) {
  const isOwner = viewer?.userId === row.id;
  const privileged = isOwner || Boolean(viewer?.isAdmin);
  const ratingDetails = {
    ...EMPTY_RATING_DETAILS,
    total_rating_count: row.ratingCount,
    total_rating_value: Number(row.overallRating),
  };
  return presentUser(row, { privileged, isOwner, isFollowed, ratingDetails });
}

/** A person found by name: the public card only, nothing that reaches them (no address, no number). */
export function presentPersonCard(
  row: Pick<
    UserRow,
    | 'id'
    | 'userName'
    | 'userProfilePhoto'
    | 'overallRating'
    | 'ratingCount'
    | 'followerCount'
    | 'isVerifyBlueMark'
    | 'isVerifiedDealer'
  >,
): PersonCard {
  return {
    user_id: row.id,
    user_name: row.userName,
    user_profile_photo: row.userProfilePhoto,
    overall_rating: Number(row.overallRating),
    rating_count: row.ratingCount,
    follower_count: row.followerCount,
    is_verify_blue_mark: row.isVerifyBlueMark,
    is_verified_dealer: row.isVerifiedDealer,
  };
}

/** The member badge: a membership that has not ended yet. */
function membershipOf(until: Date | null) {
  const current = until !== null && until.getTime() > Date.now();
  return { is_member: current, member_until: current ? until.toISOString() : null };
}

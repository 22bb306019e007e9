import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { ProfileUpdateInput, RatingSummary, User, UserSettingsInput } from '../../../contract/users.ts';
import { USER_STATUS } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';
import { follows, itemLocations, ratings, users } from '../../db/schema/index.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import { PHONE_EMAIL_DOMAIN } from '../auth/library.ts';
import { ImageRefused, MAX_INPUT_PIXELS, resizeToWebp } from '../media/images.ts';

type UserRow = typeof users.$inferSelect;
export type PhotoKind = 'profile' | 'cover';
export type AdminAction = 'ban' | 'unban' | 'verify' | 'reject' | 'unpublish';

/** Accepted photo formats, as sharp names them after reading the file's own bytes. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
const PHOTO_SIZE = { profile: { width: 512, height: 512 }, cover: { width: 1600, height: 600 } } as const;
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** Photo uploads per account and hour: each one costs a decode, accepted or not. */
export const PHOTO_UPLOADS_PER_HOUR = 20;

/** Someone shown to others only while the account is active and not banned. */
const isPublicUser = (user: Pick<UserRow, 'status' | 'isBanned'>) =>
  user.status === USER_STATUS.active && !user.isBanned;

export class UsersService {
  private readonly db: Db;
  private readonly uploadsDir: string;
  private readonly endSessions: (userId: string) => Promise<void>;
  private readonly photoLimiter: Limiter;

  constructor(
    db: Db,
    uploadsDir: string,
    endSessions: (userId: string) => Promise<void>,
    createLimiter: LimiterFactory,
  ) {
    this.db = db;
    this.uploadsDir = uploadsDir;
    this.endSessions = endSessions;
    this.photoLimiter = createLimiter({
      keyPrefix: 'photo-upload-account',
      points: PHOTO_UPLOADS_PER_HOUR,
      durationSeconds: 3600,
    });
  }

  /**
   * A profile as `viewerId` may see it: owners and admins see everything; others see active accounts only,
   * and the e-mail and phone only when the owner shows them.
   */
  async profile(userId: string, viewer: { userId: string; isAdmin: boolean } | null): Promise<User> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    const isOwner = viewer?.userId === userId;
    const privileged = isOwner || Boolean(viewer?.isAdmin);
    if (!row || (!privileged && !isPublicUser(row))) throw new AppError(404, 'users.notFound');
    const [ratingDetails, isFollowed] = await Promise.all([
      this.ratingSummary(userId),
      viewer && !isOwner ? this.isFollowing(viewer.userId, userId) : Promise.resolve(false),
    ]);
    return toUser(row, { privileged, isOwner, isFollowed, ratingDetails });
  }

  async cityName(cityId: number | null, language: string) {
    if (!cityId) return null;
    const [city] = await this.db
      .select({ name: itemLocations.name, names: itemLocations.names })
      .from(itemLocations)
      .where(eq(itemLocations.id, cityId));
    return city ? (city.names[language] ?? city.name) : null;
  }

  /**
   * Saves the profile. The e-mail address is not changed here: a new one waits for its code
   * (AuthService.requestEmailChange), so nobody can hold an address they have not proven.
   */
  async updateProfile(userId: string, input: ProfileUpdateInput) {
    if (input.city !== null) {
      const [city] = await this.db
        .select({ id: itemLocations.id })
        .from(itemLocations)
        .where(eq(itemLocations.id, input.city));
      if (!city) throw new AppError(400, 'errors.invalidParameter', { values: { field: 'city' } });
    }
    await this.db
      .update(users)
      .set({
        userName: input.user_name,
        userAboutMe: input.user_about_me,
        userAddress: input.user_address,
        cityId: input.city,
        whatsapp: input.whatsapp,
        messenger: input.messenger,
        isShowEmail: input.is_show_email,
        isShowPhone: input.is_show_phone,
        updatedDate: new Date(),
      })
      .where(eq(users.id, userId));
  }

  async updateSettings(userId: string, input: UserSettingsInput) {
    await this.db
      .update(users)
      .set({ showProfileOnItems: input.show_profile_on_items, showNotifications: input.show_notifications })
      .where(eq(users.id, userId));
  }

  async settings(userId: string) {
    const [row] = await this.db
      .select({ showProfileOnItems: users.showProfileOnItems, showNotifications: users.showNotifications })
      .from(users)
      .where(eq(users.id, userId));
    return {
      show_profile_on_items: row?.showProfileOnItems ?? true,
      show_notifications: row?.showNotifications ?? true,
    };
  }

  /**
   * Stores a profile or cover photo: the file's bytes must be an image, it is turned upright, resized,
   * re-encoded as WebP without its metadata (EXIF, GPS), and the previous photo is removed.
   */
  async savePhoto(userId: string, kind: PhotoKind, bytes: Buffer): Promise<string> {
    await this.photoLimiter.consume(userId);
    if (bytes.length === 0 || bytes.length > MAX_PHOTO_BYTES) throw new AppError(400, 'users.photoTooLarge');
    const webp = await resizeToWebp(bytes, PHOTO_SIZE[kind], PHOTO_FORMATS).catch((error: unknown) => {
      if (!(error instanceof ImageRefused)) throw error;
      throw error.reason === 'pixels'
        ? new AppError(400, 'users.photoTooManyPixels', { values: { megapixels: MAX_INPUT_PIXELS / 1_000_000 } })
        : new AppError(400, 'users.photoNotImage');
    });
    const fileName = `users/${userId}-${kind}-${randomUUID().slice(0, 8)}.webp`;
    await mkdir(path.join(this.uploadsDir, 'users'), { recursive: true });
    await writeFile(path.join(this.uploadsDir, fileName), webp);
    const column = kind === 'profile' ? 'userProfilePhoto' : 'userCoverPhoto';
    const [previous] = await this.db.select({ file: users[column] }).from(users).where(eq(users.id, userId));
    await this.db
      .update(users)
      .set({ [column]: fileName })
      .where(eq(users.id, userId));
    if (previous?.file?.startsWith('users/')) await rm(path.join(this.uploadsDir, previous.file), { force: true });
    return fileName;
  }

  /** Irreversible: the account can no longer sign in and leaves public view; its data stays. */
  async deactivate(userId: string) {
    await this.db
      .update(users)
      .set({ status: USER_STATUS.deactivated, deactivatedAt: new Date(), deviceToken: null })
      .where(eq(users.id, userId));
    await this.endSessions(userId);
  }

  /** An administrator's decision on an account (SPEC.md 4 User states). */
  async applyAdminAction(admin: { userId: string; isAdmin: boolean }, userId: string, action: AdminAction) {
    if (!admin.isAdmin) throw new AppError(403, 'errors.forbidden');
    if (admin.userId === userId) throw new AppError(400, 'admin.notOnYourself');
    const [target] = await this.db
      .select({ status: users.status, isAdmin: users.userIsSysAdmin })
      .from(users)
      .where(eq(users.id, userId));
    if (!target) throw new AppError(404, 'users.notFound');
    if (target.status === USER_STATUS.deactivated && action !== 'ban' && action !== 'unban') {
      throw new AppError(409, 'admin.accountDeactivated');
    }
    await this.db.update(users).set(adminChange(action)).where(eq(users.id, userId));
    if (action === 'ban') await this.endSessions(userId);
  }

  private async ratingSummary(userId: string): Promise<RatingSummary> {
    const rows = await this.db
      .select({ rating: ratings.rating, count: sql<number>`count(*)::int` })
      .from(ratings)
      .where(eq(ratings.toUserId, userId))
      .groupBy(ratings.rating);
    return summarizeRatings(rows);
  }

  private async isFollowing(followerId: string, followedId: string) {
    const [row] = await this.db
      .select({ followerId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
    return Boolean(row);
  }
}

function adminChange(action: AdminAction): Partial<UserRow> {
  switch (action) {
    case 'ban':
      return { isBanned: true };
    case 'unban':
      return { isBanned: false };
    case 'verify':
      return { status: USER_STATUS.active, isVerifyBlueMark: true, emailVerify: true };
    case 'reject':
      return { status: USER_STATUS.rejected, isVerifyBlueMark: false };
    case 'unpublish':
      return { status: USER_STATUS.unpublished };
  }
}

const STAR_NAMES = ['one', 'two', 'three', 'four', 'five'] as const;

export function summarizeRatings(rows: Array<{ rating: number; count: number }>): RatingSummary {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const value = rows.reduce((sum, row) => sum + row.rating * row.count, 0);
  const summary: Record<string, number> = { total_rating_count: total, total_rating_value: total ? value / total : 0 };
  STAR_NAMES.forEach((name, index) => {
    const count = rows.find((row) => row.rating === index + 1)?.count ?? 0;
    summary[`${name}_star_count`] = count;
    summary[`${name}_star_percent`] = total ? Math.round((count / total) * 1000) / 10 : 0;
  });
  return summary as RatingSummary;
}

/** A phone-only account's stand-in address is never shown. */
const realEmail = (email: string) => (email.endsWith(`@${PHONE_EMAIL_DOMAIN}`) ? null : email);

function toUser(
  row: UserRow,
  view: { privileged: boolean; isOwner: boolean; isFollowed: boolean; ratingDetails: RatingSummary },
): User {
  const showEmail = view.privileged || row.isShowEmail;
  const showPhone = view.privileged || row.isShowPhone;
  return {
    user_id: row.id,
    facebook_id: view.privileged ? row.facebookId : null,
    google_id: view.privileged ? row.googleId : null,
    phone_id: view.privileged ? row.phoneId : null,
    apple_id: view.privileged ? row.appleId : null,
    user_name: row.userName,
    user_email: showEmail ? realEmail(row.userEmail) : null,
    pending_email: view.isOwner ? row.pendingEmail : null,
    // Only a number the account proved with an SMS code is its number.
    user_phone: showPhone && row.phoneVerify ? row.userPhone : null,
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
    whatsapp: showPhone ? row.whatsapp : null,
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
    // Who runs the site is not shown to strangers.
    ...(view.privileged ? { user_is_sys_admin: row.userIsSysAdmin, role_id: row.roleId } : {}),
  };
}

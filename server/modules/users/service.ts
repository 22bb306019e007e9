import { eq, inArray } from 'drizzle-orm';
import type { LanguageCode } from '../../../contract/language.ts';
import type {
  ProfileUpdateInput,
  RatingSummary,
  SellerContact,
  User,
  UserSettingsInput,
} from '../../../contract/users.ts';
import { USER_STATUS } from '../../../contract/users.ts';
import type { Db, Tx } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { auditFields, recordOperatorAction } from '../../kernel/operator-actions.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import type { LookupsService } from '../lookups/index.ts';
import { type MediaService, photoRefusal, type Upload } from '../media/index.ts';
import { AccountConsole } from './account-console.ts';
import { BadgeApplications } from './applications.ts';
import { users } from './schema.ts';
import './counters.ts';
import { isPublic } from './policy.ts';
import { contactOf, presentCard, presentUser } from './presenter.ts';
import { type BlockBetween, UserSearch } from './user-search.ts';

type UserRow = typeof users.$inferSelect;
export type PhotoKind = 'profile' | 'cover';
/** The decisions an administrator can take on an account. */
export const ADMIN_ACTIONS = ['ban', 'unban', 'verify', 'reject', 'unpublish'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Profile and cover photos are cropped to fill their box. */
const PHOTO_BOX = {
  profile: { width: 512, height: 512, fit: 'cover' },
  cover: { width: 1600, height: 600, fit: 'cover' },
} as const;
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** Photo uploads per account and hour: each one costs a decode, accepted or not. */
export const PHOTO_UPLOADS_PER_HOUR = 20;
/** Profiles whose phone one member may reveal in an hour (a listing's seller: app setting contact_reveals_per_hour). */
export const PROFILE_CONTACTS_PER_HOUR = 30;

/**
 * What a profile shows about its relations to others. Ratings and follows are modules to the right of this
 * one, so they are handed in when the services are composed.
 */
export interface ProfileRelations {
  ratingSummary(userId: string): Promise<RatingSummary>;
  isFollowing(followerId: string, followedId: string): Promise<boolean>;
  /** Whether the two are in a block, whichever blocked: then neither sees the other's profile. */
  inBlock(userId: string, otherId: string): Promise<boolean>;
}

export interface UsersDependencies {
  db: Db;
  events: EventBus;
  media: MediaService;
  lookups: LookupsService;
  relations: ProfileRelations;
  /** Blocks as SQL, for the people search (social's, handed in like the relations). */
  blockBetween: BlockBetween;
  createLimiter: LimiterFactory;
}

export class UsersService {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly media: MediaService;
  private readonly lookups: LookupsService;
  private readonly relations: ProfileRelations;
  private readonly photoLimiter: Limiter;
  private readonly contactLimiter: Limiter;
  /** Blue-mark and dealership applications. */
  readonly applications: BadgeApplications;
  /** Accounts as the operator's console reads them (admins only). */
  readonly console: AccountConsole;
  /** People search by name (anyone). */
  readonly search: UserSearch;

  constructor({ db, events, media, lookups, relations, blockBetween, createLimiter }: UsersDependencies) {
    this.db = db;
    this.events = events;
    this.media = media;
    this.lookups = lookups;
    this.relations = relations;
    this.applications = new BadgeApplications({ db, events, media });
    this.console = new AccountConsole(db);
    this.search = new UserSearch(db, blockBetween);
    this.photoLimiter = createLimiter({
      keyPrefix: 'photo-upload-account',
      points: PHOTO_UPLOADS_PER_HOUR,
      durationSeconds: 3600,
    });
    this.contactLimiter = createLimiter({
      keyPrefix: 'profile-contact',
      points: PROFILE_CONTACTS_PER_HOUR,
      durationSeconds: 3600,
      messageKey: 'users.contactRevealLimit',
    });
  }

  /**
   * The phone and WhatsApp a member shares, revealed to a signed-in member who may see their profile (issue 24),
   * a limited number an hour; 404 when they share none.
   */
  async revealContact(viewer: { userId: string; isAdmin: boolean }, userId: string): Promise<SellerContact> {
    const contact = contactOf(await this.visibleRow(userId, viewer));
    if (!contact.phone && !contact.whatsapp) throw new AppError(404, 'api.sellerPhoneHidden');
    if (viewer.userId !== userId) await this.contactLimiter.consume(viewer.userId);
    return { user_phone: contact.phone, whatsapp: contact.whatsapp };
  }

  /**
   * A profile as `viewerId` may see it: owners and admins see everything; others see active accounts only,
   * and the e-mail and phone only when the owner shows them.
   */
  async profile(userId: string, viewer: { userId: string; isAdmin: boolean } | null): Promise<User> {
    const row = await this.visibleRow(userId, viewer);
    const isOwner = viewer?.userId === userId;
    const privileged = isOwner || Boolean(viewer?.isAdmin);
    const [ratingDetails, isFollowed] = await Promise.all([
      this.relations.ratingSummary(userId),
      viewer && !isOwner ? this.relations.isFollowing(viewer.userId, userId) : Promise.resolve(false),
    ]);
    return presentUser(row, { privileged, isOwner, isFollowed, ratingDetails });
  }

  /** The account's row when `viewer` may see its profile (an owner, an admin, else public and no block); else 404. */
  private async visibleRow(userId: string, viewer: { userId: string; isAdmin: boolean } | null) {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    const privileged = viewer?.userId === userId || Boolean(viewer?.isAdmin);
    if (!row || (!privileged && !isPublic(row))) throw new AppError(404, 'users.notFound');
    if (viewer && !privileged && (await this.relations.inBlock(viewer.userId, userId))) {
      throw new AppError(404, 'users.notFound');
    }
    return row;
  }

  /**
   * People as cards in a list (followers, following, blocked), in the order given: the accounts others may see
   * (every existing one with `includeHidden`), each marked followed when its id is in `followed`.
   */
  async cardsOf(
    userIds: string[],
    viewer: { userId: string; isAdmin: boolean } | null,
    options: { followed: ReadonlySet<string>; includeHidden?: boolean },
  ): Promise<User[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db.select().from(users).where(inArray(users.id, userIds));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return userIds.flatMap((id) => {
      const row = byId.get(id);
      if (!row || (!options.includeHidden && !isPublic(row))) return [];
      return [presentCard(row, viewer, options.followed.has(id))];
    });
  }

  /** Whether an account of that id exists (in any state). */
  async exists(userId: string) {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return Boolean(row);
  }

  /** The account rows of these users, by id (the cards of listings present their sellers from them). */
  async rowsOf(userIds: string[]): Promise<Map<string, UserRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.select().from(users).where(inArray(users.id, userIds));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The names of these accounts, by id. */
  async namesOf(userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, name: users.userName })
      .from(users)
      .where(inArray(users.id, userIds));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Whether `userId` is an account others may see and interact with. */
  async isPublic(userId: string) {
    const [row] = await this.db
      .select({ status: users.status, isBanned: users.isBanned })
      .from(users)
      .where(eq(users.id, userId));
    return Boolean(row && isPublic(row));
  }

  /** The name of a profile's city in `language`. */
  cityName(cityId: number | null, language: LanguageCode) {
    return this.lookups.cityName(cityId, language);
  }

  /**
   * Saves the profile. The e-mail address is not changed here: a new one waits for its code
   * (AuthService.requestEmailChange), so nobody can hold an address they have not proven.
   */
  async updateProfile(userId: string, input: ProfileUpdateInput) {
    if (input.city !== null && !(await this.lookups.cityExists(input.city))) {
      throw new AppError(400, 'errors.invalidParameter', { values: { field: 'city' } });
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
   * Stores a profile or cover photo through the media pipeline (real type from the file's bytes, pixel limit,
   * upright, WebP without metadata, thumbnails when enabled); the previous photo and its thumbnails go.
   */
  async savePhoto(userId: string, kind: PhotoKind, upload: Upload): Promise<string> {
    await this.photoLimiter.consume(userId);
    const rule = {
      ...{ folder: 'users', name: `${userId}-${kind}`, owner: userId },
      ...{ box: PHOTO_BOX[kind], maxBytes: MAX_PHOTO_BYTES },
    };
    const stored = await this.media.storeImage(upload, rule).catch((error: unknown) => {
      throw photoRefusal(error);
    });
    const previous = await this.replacePhoto(userId, kind, stored.path).catch(async (error: unknown) => {
      await this.media.removeStored(stored.path);
      throw error;
    });
    if (previous) await this.media.removeStored(previous);
    return stored.path;
  }

  /** Removes the profile or cover photo and its files. */
  async removePhoto(userId: string, kind: PhotoKind) {
    const previous = await this.replacePhoto(userId, kind, null);
    if (previous) await this.media.removeStored(previous);
  }

  /** Sets the photo column; returns the previous photo when it was an upload (not a provider's picture). */
  private replacePhoto(userId: string, kind: PhotoKind, path: string | null) {
    const column = kind === 'profile' ? 'userProfilePhoto' : 'userCoverPhoto';
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ file: users[column] }).from(users).where(eq(users.id, userId)).for('update');
      await tx
        .update(users)
        .set({ [column]: path })
        .where(eq(users.id, userId));
      return row?.file?.startsWith('users/') ? row.file : null;
    });
  }

  /** When the account's membership ends (the memberships module's follow-ups); null: not a member. */
  async setMembershipUntil(tx: Tx, userId: string, until: Date | null) {
    await tx.update(users).set({ membershipExpiresAt: until }).where(eq(users.id, userId));
  }

  /** Irreversible: the account can no longer sign in and leaves public view; its data stays. */
  async deactivate(userId: string) {
    await this.events.transaction(this.db, async (tx, publish) => {
      await tx
        .update(users)
        .set({ status: USER_STATUS.deactivated, deactivatedAt: new Date(), deviceToken: null })
        .where(eq(users.id, userId));
      publish('user.deactivated', { userId });
    });
  }

  /**
   * Applies an administrator's decision to the account (SPEC.md 4 User states). Who may decide is the admin
   * module's rule (AdminService); a deactivated account can only be banned or unbanned.
   */
  async applyAdminDecision(actorId: string, userId: string, action: AdminAction) {
    const [target] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!target) throw new AppError(404, 'users.notFound');
    if (target.status === USER_STATUS.deactivated && action !== 'ban' && action !== 'unban') {
      throw new AppError(409, 'admin.accountDeactivated');
    }
    const change = adminChange(action);
    await this.events.transaction(this.db, async (tx, publish) => {
      await tx.update(users).set(change).where(eq(users.id, userId));
      if (action === 'ban') publish('user.banned', { userId });
      const fields = Object.keys(change) as Array<keyof UserRow>;
      recordOperatorAction(publish, {
        ...{ actorId, action: `user.${action}`, subjectType: 'user', subjectId: userId },
        before: auditFields(target, fields),
        after: auditFields({ ...target, ...change }, fields),
      });
    });
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

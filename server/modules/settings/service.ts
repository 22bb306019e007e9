import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../kernel/database.ts';
import { appSettings } from './schema.ts';

/**
 * The operator's settings (the single app_settings row), read fresh each time: an operator's change applies to
 * the next request. `db` may be a caller's transaction, so a decision and its write see the same settings.
 */
export class SettingsService {
  private readonly db: DbOrTx;

  constructor(db: DbOrTx) {
    this.db = db;
  }

  /** is_thumb2x_3x_generate: whether stored pictures get their 1x, 2x and 3x thumbnails. */
  thumbnailVariantsEnabled(db: DbOrTx = this.db) {
    return readSetting(db, appSettings.isThumb2x3xGenerate, true);
  }

  /** is_item_approval_enabled: whether a new or edited listing waits for an admin. */
  itemApprovalRequired(db: DbOrTx = this.db) {
    return readSetting(db, appSettings.isItemApprovalEnabled, false);
  }

  /** listings_per_day: how many listings one account may post in 24 hours (0: as many as it likes). */
  listingsPerDay(db: DbOrTx = this.db) {
    return readSetting(db, appSettings.listingsPerDay, 20);
  }

  /** is_email_verification_enabled: whether a new account proves its e-mail with a code. */
  emailVerificationRequired(db: DbOrTx = this.db) {
    return readSetting(db, appSettings.isEmailVerificationEnabled, true);
  }

  /** The country whose local phone numbers are understood without a country code. */
  defaultCountry(db: DbOrTx = this.db) {
    return readSetting(db, appSettings.defaultCountry, 'SA');
  }

  /** The weight of open reports, in trusted reporters, that holds a listing for review (0: never). */
  reportHideThreshold(db: DbOrTx = this.db) {
    return readSetting(db, appSettings.reportHideThreshold, 0);
  }

  /** The money settings (SPEC.md 3 app info): the one-day price, the currency and each method's flag. */
  async paymentSettings(db: DbOrTx = this.db): Promise<PaymentSettings> {
    const [row] = await db
      .select({
        oneDayPrice: appSettings.oneDayPrice,
        currency: appSettings.defaultCurrencyShortForm,
        stripeEnabled: appSettings.stripeEnabled,
        stripePublishableKey: appSettings.stripePublishableKey,
        paypalEnabled: appSettings.paypalEnabled,
        razorEnabled: appSettings.razorEnabled,
        paystackEnabled: appSettings.paystackEnabled,
        offlineEnabled: appSettings.offlineEnabled,
        inAppPurchaseEnabled: appSettings.inAppPurchasedEnabled,
        androidProductId: appSettings.inAppPurchasedProductIdAndroid,
        iosProductId: appSettings.inAppPurchasedProductIdIos,
      })
      .from(appSettings)
      .limit(1);
    return row ?? { ...NO_PAYMENTS };
  }

  /** The membership on sale: its days and price (membership_duration, membership_amount) in the site's currency. */
  async membershipPlan(db: DbOrTx = this.db) {
    const [row] = await db
      .select({
        days: appSettings.membershipDuration,
        amount: appSettings.membershipAmount,
        currency: appSettings.defaultCurrencyShortForm,
      })
      .from(appSettings)
      .limit(1);
    return row ?? { days: 0, amount: '0', currency: 'SAR' };
  }

  /** How long listings live and how they are bumped (issue 23), read in one query. */
  async upkeepRules(db: DbOrTx = this.db): Promise<UpkeepRules> {
    const [row] = await db
      .select({
        lifetimeDays: appSettings.listingLifetimeDays,
        noticeDays: appSettings.expiryNoticeDays,
        freeBumpDays: appSettings.bumpFreeDays,
        bumpPrice: appSettings.bumpPrice,
        memberFreeBumps: appSettings.memberFreeBumps,
        currency: appSettings.defaultCurrencyShortForm,
      })
      .from(appSettings)
      .limit(1);
    return row ?? NO_UPKEEP;
  }

  /** What one account may do in a window of time (each 0: no limit), read in one query. */
  async accountLimits(db: DbOrTx = this.db): Promise<AccountLimits> {
    const [row] = await db
      .select({
        reportsPerHour: appSettings.reportsPerHour,
        reportsPerDay: appSettings.reportsPerDay,
        listingsPerDay: appSettings.listingsPerDay,
        newAccountListingsPerDay: appSettings.newAccountListingsPerDay,
        firstListingsReviewed: appSettings.firstListingsReviewed,
        uploadsPerHour: appSettings.uploadsPerHour,
        offersPerHour: appSettings.offersPerHour,
        contactRevealsPerHour: appSettings.contactRevealsPerHour,
        memberListingsPerDay: appSettings.memberListingsPerDay,
      })
      .from(appSettings)
      .limit(1);
    return row ?? DEFAULT_ACCOUNT_LIMITS;
  }
}

export interface AccountLimits {
  reportsPerHour: number;
  reportsPerDay: number;
  listingsPerDay: number;
  /** For an account younger than NEW_ACCOUNT_DAYS (0: listingsPerDay applies). */
  newAccountListingsPerDay: number;
  /** An account's first listings that wait for an admin even when approval is off. */
  firstListingsReviewed: number;
  uploadsPerHour: number;
  offersPerHour: number;
  contactRevealsPerHour: number;
  /** For a member (0: listingsPerDay applies). */
  memberListingsPerDay: number;
}

export interface UpkeepRules {
  /** Days an active listing lives from its posting or renewal (0: forever). */
  lifetimeDays: number;
  /** Days before its end that its owner is told and may renew. */
  noticeDays: number;
  /** The period of one free bump (0: no bumps). */
  freeBumpDays: number;
  /** A paid bump's price in the site's currency ("0": none sold). */
  bumpPrice: string;
  /** A member's free bumps per period (0: one, as everyone). */
  memberFreeBumps: number;
  currency: string;
}

const NO_UPKEEP: UpkeepRules = {
  lifetimeDays: 0,
  noticeDays: 0,
  freeBumpDays: 0,
  bumpPrice: '0',
  memberFreeBumps: 0,
  currency: 'SAR',
};

export interface PaymentSettings {
  oneDayPrice: string;
  currency: string;
  stripeEnabled: boolean;
  stripePublishableKey: string;
  paypalEnabled: boolean;
  razorEnabled: boolean;
  paystackEnabled: boolean;
  offlineEnabled: boolean;
  inAppPurchaseEnabled: boolean;
  /** The store products an in-app purchase buys, one unit a day of promotion (in_app_purchased_prd_id_*). */
  androidProductId: string;
  iosProductId: string;
}

const NO_PAYMENTS: PaymentSettings = {
  oneDayPrice: '0',
  currency: 'SAR',
  stripeEnabled: false,
  stripePublishableKey: '',
  paypalEnabled: false,
  razorEnabled: false,
  paystackEnabled: false,
  offlineEnabled: false,
  inAppPurchaseEnabled: false,
  androidProductId: '',
  iosProductId: '',
};

/** The schema's defaults, for a database without its settings row. */
const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  reportsPerHour: 10,
  reportsPerDay: 30,
  listingsPerDay: 20,
  newAccountListingsPerDay: 5,
  firstListingsReviewed: 1,
  uploadsPerHour: 100,
  offersPerHour: 5,
  contactRevealsPerHour: 30,
  memberListingsPerDay: 0,
};

async function readSetting<T>(db: DbOrTx, column: AnyPgColumn, fallback: T): Promise<T> {
  const [row] = await db.select({ value: column }).from(appSettings).limit(1);
  return (row?.value as T | undefined) ?? fallback;
}

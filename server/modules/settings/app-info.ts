import type { AppInfo, AppInfoQuery, AppUserStatus } from '../../../contract/app-info.ts';
import type { Viewer } from '../../../contract/session.ts';
import type { DbOrTx } from '../../kernel/database.ts';
import { appSettings } from './schema.ts';

type AppSettingsRow = typeof appSettings.$inferSelect;

/**
 * What app info needs of modules later in the order (server/services.ts fills it): the account's state (users),
 * ending an account's sessions (auth), and the recorded deletions (items).
 */
export interface AppInfoSources {
  /** user_status of an account, or null when there is no such account. */
  accountStatus(userId: string): Promise<Exclude<AppUserStatus, 'nologinuser'> | null>;
  /** Ends every session of the account (it may no longer hold one). */
  endSessions(userId: string): Promise<void>;
  /** Deleted listings and accounts recorded in [since, until], the oldest first, one bounded page. */
  deletionsBetween(range: { since: Date | null; until: Date | null }): Promise<AppInfo['delete_history']>;
  /** The symbol of the site's currency (lookups). */
  currencySymbolOf(shortForm: string): Promise<string>;
}

/** The answer, and whether the asking client must be signed out (its account is banned or deleted). */
export interface AppInfoAnswer {
  info: AppInfo;
  signOut: boolean;
}

const MUST_SIGN_OUT: ReadonlySet<AppUserStatus> = new Set(['banned', 'deleted']);

/**
 * App info (SPEC.md 3 and 7): the version block with force update, the app settings, the asking client's
 * account state, the deletions since a date, and the payment options with their public keys. Secret keys are
 * never in the settings row, so none can leak through here.
 */
export class AppInfoService {
  private readonly db: DbOrTx;
  private readonly sources: AppInfoSources;

  constructor(db: DbOrTx, sources: AppInfoSources) {
    this.db = db;
    this.sources = sources;
  }

  async get(viewer: Viewer | null, query: AppInfoQuery): Promise<AppInfoAnswer> {
    const [row] = await this.db.select().from(appSettings).limit(1);
    if (!row) throw new Error('app_settings has no row: the seed did not run');
    const [userStatus, deletions, currencySymbol] = await Promise.all([
      this.userStatus(viewer, query.user_id),
      this.sources.deletionsBetween({ since: query.start_date ?? null, until: query.end_date ?? null }),
      this.sources.currencySymbolOf(row.defaultCurrencyShortForm),
    ]);
    const signOut = MUST_SIGN_OUT.has(userStatus);
    if (signOut && query.user_id) await this.sources.endSessions(query.user_id);
    const info = presentAppInfo(row, userStatus, deletions);
    return { info: { ...info, currency_symbol: currencySymbol }, signOut };
  }

  /**
   * The signed-in viewer's state; without a session, the state of the account the client names only when that
   * account is banned or deleted (what the client must act on), else `nologinuser`: no stranger learns more.
   * A banned or deleted account never has a viewer (sessions.ts), so its client always lands here.
   */
  private async userStatus(viewer: Viewer | null, userId: string | undefined): Promise<AppUserStatus> {
    if (viewer) return (await this.sources.accountStatus(viewer.userId)) ?? 'nologinuser';
    if (!userId) return 'nologinuser';
    const status = await this.sources.accountStatus(userId);
    return status && MUST_SIGN_OUT.has(status) ? status : 'nologinuser';
  }
}

/** Money columns come as numeric text ("12.50"): the clients read them as text. */
function presentAppInfo(row: AppSettingsRow, userStatus: AppUserStatus, deletions: AppInfo['delete_history']): AppInfo {
  return {
    version: {
      version_no: row.versionNo,
      version_force_update: row.versionForceUpdate,
      version_title: row.versionTitle,
      version_message: row.versionMessage,
      version_need_clear_data: row.versionNeedClearData,
    },
    app_setting: {
      lat: row.lat,
      lng: row.lng,
      is_sub_location: row.isSubLocation,
      is_thumb2x_3x_generate: row.isThumb2x3xGenerate,
    },
    user_info: { user_status: userStatus },
    delete_history: deletions,
    ...presentPayments(row),
  };
}

function presentPayments(row: AppSettingsRow) {
  return {
    oneday: row.oneDayPrice,
    currency_symbol: row.defaultCurrencyShortForm,
    currency_short_form: row.defaultCurrencyShortForm,
    stripe_publishable_key: row.stripePublishableKey,
    paypal_enabled: row.paypalEnabled,
    stripe_enabled: row.stripeEnabled,
    razor_enabled: row.razorEnabled,
    razor_key: row.razorKey,
    offline_enabled: row.offlineEnabled,
    paystack_enabled: row.paystackEnabled,
    paystack_key: row.paystackKey,
    in_app_purchased_enabled: row.inAppPurchasedEnabled,
    in_app_purchased_prd_id_android: row.inAppPurchasedProductIdAndroid,
    in_app_purchased_prd_id_ios: row.inAppPurchasedProductIdIos,
    deposit_percent: row.depositPercent,
    cooldown_period: row.cooldownPeriod,
    membership_duration: row.membershipDuration,
    membership_amount: row.membershipAmount,
    bid_fee: row.bidFee,
    upload_fee: row.uploadFee,
  };
}

import { eq } from 'drizzle-orm';
import type { OperatorSettings } from '../../../contract/console.ts';
import type { Db } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { EventBus } from '../../kernel/events.ts';
import { recordOperatorAction, refuseUnlessAdmin } from '../../kernel/operator-actions.ts';
import { appSettings } from './schema.ts';

type SettingsRow = typeof appSettings.$inferSelect;

/** Each console field and its column. */
const COLUMNS = {
  is_item_approval_enabled: 'isItemApprovalEnabled',
  is_email_verification_enabled: 'isEmailVerificationEnabled',
  is_thumb2x_3x_generate: 'isThumb2x3xGenerate',
  is_sub_location: 'isSubLocation',
  default_currency_short_form: 'defaultCurrencyShortForm',
  default_country: 'defaultCountry',
  lat: 'lat',
  lng: 'lng',
  version_no: 'versionNo',
  version_force_update: 'versionForceUpdate',
  version_need_clear_data: 'versionNeedClearData',
  version_title: 'versionTitle',
  version_message: 'versionMessage',
  report_hide_threshold: 'reportHideThreshold',
  reports_per_hour: 'reportsPerHour',
  reports_per_day: 'reportsPerDay',
  listings_per_day: 'listingsPerDay',
  new_account_listings_per_day: 'newAccountListingsPerDay',
  first_listings_reviewed: 'firstListingsReviewed',
  uploads_per_hour: 'uploadsPerHour',
  offers_per_hour: 'offersPerHour',
  contact_reveals_per_hour: 'contactRevealsPerHour',
  contact_email: 'contactEmail',
  contact_phone: 'contactPhone',
  oneday: 'oneDayPrice',
  membership_amount: 'membershipAmount',
  membership_duration: 'membershipDuration',
  member_listings_per_day: 'memberListingsPerDay',
  listing_lifetime_days: 'listingLifetimeDays',
  expiry_notice_days: 'expiryNoticeDays',
  bump_free_days: 'bumpFreeDays',
  bump_price: 'bumpPrice',
  member_free_bumps: 'memberFreeBumps',
  offline_enabled: 'offlineEnabled',
  stripe_enabled: 'stripeEnabled',
  stripe_publishable_key: 'stripePublishableKey',
  paypal_enabled: 'paypalEnabled',
  razor_enabled: 'razorEnabled',
  razor_key: 'razorKey',
  paystack_enabled: 'paystackEnabled',
  paystack_key: 'paystackKey',
  in_app_purchased_enabled: 'inAppPurchasedEnabled',
  in_app_purchased_prd_id_android: 'inAppPurchasedProductIdAndroid',
  in_app_purchased_prd_id_ios: 'inAppPurchasedProductIdIos',
  deposit_percent: 'depositPercent',
  cooldown_period: 'cooldownPeriod',
  bid_fee: 'bidFee',
  upload_fee: 'uploadFee',
} as const satisfies Record<keyof OperatorSettings, keyof SettingsRow>;

type Field = keyof OperatorSettings;
const FIELDS = Object.keys(COLUMNS) as Field[];

interface Asker {
  userId: string;
  isAdmin: boolean;
}

/** The app settings an operator reads and changes in the console; each change is in the audit log. */
export class OperatorSettingsEditor {
  private readonly db: Db;
  private readonly events: EventBus;

  constructor(db: Db, events: EventBus) {
    this.db = db;
    this.events = events;
  }

  async read(asker: Asker): Promise<OperatorSettings> {
    refuseUnlessAdmin(asker);
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.id, 1));
    if (!row) throw new AppError(404, 'errors.notFound');
    return fieldsOf(row);
  }

  /** Saves the settings; the audit entry names only the fields that changed. Answers what is now set. */
  async update(asker: Asker, input: OperatorSettings): Promise<OperatorSettings> {
    refuseUnlessAdmin(asker);
    return this.events.transaction(this.db, async (tx, publish) => {
      const [row] = await tx.select().from(appSettings).where(eq(appSettings.id, 1)).for('update');
      if (!row) throw new AppError(404, 'errors.notFound');
      const before = fieldsOf(row);
      const changed = FIELDS.filter((field) => before[field] !== input[field]);
      if (changed.length === 0) return before;
      const change = Object.fromEntries(changed.map((field) => [COLUMNS[field], input[field]]));
      await tx
        .update(appSettings)
        .set({ ...change, updatedDate: new Date() })
        .where(eq(appSettings.id, 1));
      recordOperatorAction(publish, {
        ...{ actorId: asker.userId, action: 'settings.update', subjectType: 'settings', subjectId: 'app' },
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, input[field]])),
      });
      return input;
    });
  }
}

function fieldsOf(row: SettingsRow): OperatorSettings {
  return Object.fromEntries(FIELDS.map((field) => [field, row[COLUMNS[field]]])) as OperatorSettings;
}

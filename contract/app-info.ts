import { z } from 'zod';
import { dateTimeSchema } from './fields.ts';

/** The spec's app info answer (SPEC.md 3): versions, app settings and payment options for the clients. */
export const appInfoSchema = z
  .object({
    version: z.object({
      version_no: z.string(),
      version_force_update: z.boolean(),
      version_title: z.string(),
      version_message: z.string(),
      version_need_clear_data: z.boolean(),
    }),
    app_setting: z.object({
      lat: z.number(),
      lng: z.number(),
      is_sub_location: z.boolean(),
      is_thumb2x_3x_generate: z.boolean(),
    }),
    user_info: z.object({ user_status: z.string() }),
    delete_history: z.array(
      z.object({ id: z.number().int(), type_id: z.string(), type_name: z.string(), deleted_date: dateTimeSchema }),
    ),
    oneday: z.string(),
    currency_symbol: z.string(),
    currency_short_form: z.string(),
    stripe_publishable_key: z.string(),
    paypal_enabled: z.boolean(),
    stripe_enabled: z.boolean(),
    razor_enabled: z.boolean(),
    razor_key: z.string(),
    offline_enabled: z.boolean(),
    paystack_enabled: z.boolean(),
    paystack_key: z.string(),
    in_app_purchased_enabled: z.boolean(),
    in_app_purchased_prd_id_android: z.string(),
    in_app_purchased_prd_id_ios: z.string(),
    deposit_percent: z.string(),
    cooldown_period: z.number().int(),
    membership_duration: z.number().int(),
    membership_amount: z.string(),
    bid_fee: z.string(),
    upload_fee: z.string(),
  })
  .meta({ id: 'AppInfo' });

export type AppInfo = z.infer<typeof appInfoSchema>;

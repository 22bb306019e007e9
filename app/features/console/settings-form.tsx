import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import type { OperatorSettings } from '../../../contract/console.ts';
import { CheckboxField, Field, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { ConsoleHeading } from './console-nav.tsx';

type Key = keyof OperatorSettings;
type Kind = 'switch' | 'limit' | 'number' | 'money' | 'text';

/** The settings in groups an operator thinks in; each field's kind decides its input. */
const GROUPS = [
  {
    key: 'listings',
    fields: [
      ['is_item_approval_enabled', 'switch'],
      ['first_listings_reviewed', 'number'],
      ['listings_per_day', 'limit'],
      ['new_account_listings_per_day', 'limit'],
      ['uploads_per_hour', 'limit'],
      ['is_thumb2x_3x_generate', 'switch'],
    ],
  },
  {
    key: 'trust',
    fields: [
      ['report_hide_threshold', 'number'],
      ['reports_per_hour', 'limit'],
      ['reports_per_day', 'limit'],
      ['offers_per_hour', 'limit'],
      ['contact_reveals_per_hour', 'limit'],
      ['is_email_verification_enabled', 'switch'],
    ],
  },
  {
    key: 'region',
    fields: [
      ['default_country', 'text'],
      ['default_currency_short_form', 'text'],
      ['lat', 'number'],
      ['lng', 'number'],
      ['is_sub_location', 'switch'],
    ],
  },
  {
    key: 'money',
    fields: [
      ['oneday', 'money'],
      ['membership_amount', 'money'],
      ['membership_duration', 'number'],
      ['member_listings_per_day', 'number'],
      ['offline_enabled', 'switch'],
      ['stripe_enabled', 'switch'],
      ['stripe_publishable_key', 'text'],
      ['paypal_enabled', 'switch'],
      ['razor_enabled', 'switch'],
      ['razor_key', 'text'],
      ['paystack_enabled', 'switch'],
      ['paystack_key', 'text'],
      ['in_app_purchased_enabled', 'switch'],
      ['in_app_purchased_prd_id_android', 'text'],
      ['in_app_purchased_prd_id_ios', 'text'],
    ],
  },
  {
    key: 'upkeep',
    fields: [
      ['listing_lifetime_days', 'number'],
      ['expiry_notice_days', 'number'],
      ['bump_free_days', 'number'],
      ['bump_price', 'money'],
      ['member_free_bumps', 'number'],
    ],
  },
  {
    key: 'apps',
    fields: [
      ['version_no', 'text'],
      ['version_force_update', 'switch'],
      ['version_need_clear_data', 'switch'],
      ['version_title', 'text'],
      ['version_message', 'text'],
    ],
  },
  {
    key: 'appValues',
    fields: [
      ['deposit_percent', 'money'],
      ['cooldown_period', 'number'],
      ['bid_fee', 'money'],
      ['upload_fee', 'money'],
    ],
  },
  {
    key: 'contact',
    fields: [
      ['contact_email', 'text'],
      ['contact_phone', 'text'],
    ],
  },
] as const satisfies ReadonlyArray<{ key: string; fields: ReadonlyArray<readonly [Key, Kind]> }>;

/** Every setting an operator may change, saved together; a refused value says why at its field. */
export function SettingsForm({
  settings,
  failure,
  methodStates,
}: {
  settings: OperatorSettings;
  failure: FormResult | undefined;
  /** How each payment method stands now, shown in the money group. */
  methodStates: ReactNode;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="settings-title">
      <ConsoleHeading id="settings-title" title={t('console.settings.title')} intro={t('console.settings.intro')} />
      <Form method="post" className="mt-5 flex flex-col gap-6" noValidate>
        {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
        {GROUPS.map((group) => (
          <fieldset
            key={group.key}
            className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
          >
            <legend className="px-1 font-semibold">{t(`console.settings.groups.${group.key}`)}</legend>
            {group.key === 'money' && (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('console.settings.moneyHint')}</p>
                {methodStates}
              </>
            )}
            {group.key === 'appValues' && (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('console.settings.appValuesHint')}</p>
            )}
            {group.fields.map(([key, kind]) => (
              <SettingField key={key} name={key} kind={kind} settings={settings} failure={failure} />
            ))}
          </fieldset>
        ))}
        <div>
          <SubmitButton busy={busy} label={t('console.settings.save')} busyLabel={t('console.settings.saving')} />
        </div>
      </Form>
    </section>
  );
}

/** One setting: a checkbox for a switch, else a number or text input with what was typed kept after a refusal. */
function SettingField({
  name,
  kind,
  settings,
  failure,
}: {
  name: Key;
  kind: Kind;
  settings: OperatorSettings;
  failure: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const errors = failure?.errors ?? {};
  const label = t(`console.settings.fields.${name}`);
  if (kind === 'switch') {
    const checked = failure?.values ? failure.values[name] === 'on' : Boolean(settings[name]);
    return <CheckboxField name={name} idPrefix="settings" label={label} errors={errors} defaultChecked={checked} />;
  }
  const isText = kind === 'text';
  const hint = hintKeyOf(name, kind);
  return (
    <Field
      name={name}
      idPrefix="settings"
      label={label}
      errors={errors}
      type={isText ? 'text' : 'number'}
      inputMode={isText ? undefined : 'decimal'}
      {...numberRange(name, kind)}
      defaultValue={failure?.values?.[name] ?? String(settings[name])}
      hint={hint && t(hint)}
      dir={isText && !FREE_TEXT.has(name) ? 'ltr' : undefined}
    />
  );
}

/** Settings whose 0 means something other than "no limit" say what. */
const ZERO_MEANS = {
  member_listings_per_day: 'console.settings.hints.member_listings_per_day',
  listing_lifetime_days: 'console.settings.hints.listing_lifetime_days',
  bump_free_days: 'console.settings.hints.bump_free_days',
  bump_price: 'console.settings.hints.bump_price',
  member_free_bumps: 'console.settings.hints.member_free_bumps',
} as const satisfies Partial<Record<Key, string>>;

type HintKey = (typeof ZERO_MEANS)[keyof typeof ZERO_MEANS] | 'console.settings.noLimitHint';

function hintKeyOf(name: Key, kind: Kind): HintKey | undefined {
  if (name in ZERO_MEANS) return ZERO_MEANS[name as keyof typeof ZERO_MEANS];
  return kind === 'limit' ? 'console.settings.noLimitHint' : undefined;
}

/** The step and floor of a number input: coordinates are free, prices go by cents, limits start at 0. */
function numberRange(name: Key, kind: Kind) {
  if (name === 'lat' || name === 'lng') return { step: 'any' };
  if (kind === 'money') return { step: 0.01, min: 0 };
  return { step: 1, min: kind === 'limit' ? 0 : undefined };
}

/** Texts people read in their language; the other text settings are codes and addresses, left to right. */
const FREE_TEXT = new Set<Key>(['version_title', 'version_message']);

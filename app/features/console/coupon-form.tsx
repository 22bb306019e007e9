import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsoleCoupon } from '../../../contract/payment-catalog.ts';
import { COUPON_KINDS } from '../../../contract/payment-catalog-basics.ts';
import { CheckboxField, Field, FieldError, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { ConsoleHeading } from './console-nav.tsx';
import { firstDayOf, lastDayOf } from './coupon-days.ts';

const ID = 'coupon';

/** What the form shows: the refused values as sent, else the saved coupon, else a new coupon's defaults. */
function initialValues(coupon: ConsoleCoupon | null, failed: Record<string, string> | undefined) {
  if (failed) return failed;
  if (!coupon) return { kind: 'percent', is_published: 'on' } as Record<string, string>;
  const positive = (value: string) => (Number(value) > 0 ? String(Number(value)) : '');
  return {
    code: coupon.code,
    kind: coupon.kind,
    discount_percent: positive(coupon.discount_percent),
    discount_amount: positive(coupon.discount_amount),
    currency: coupon.currency,
    valid_from: firstDayOf(coupon.valid_from),
    valid_until: lastDayOf(coupon.valid_until),
    max_uses: coupon.max_uses === null ? '' : String(coupon.max_uses),
    max_uses_per_user: coupon.max_uses_per_user === null ? '' : String(coupon.max_uses_per_user),
    is_published: coupon.is_published ? 'on' : '',
  } as Record<string, string>;
}

/** A coupon's code, discount, days and limits; its uses so far are shown, not edited. */
export function CouponForm({ coupon, failure }: { coupon: ConsoleCoupon | null; failure: FormResult | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const errors = failure?.errors ?? {};
  const values = initialValues(coupon, failure?.values);
  const value = (name: string) => values[name] ?? '';
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="coupon-form-title">
      <p className="text-sm">
        <Link to="/admin/payments/coupons" className="text-brand-700 underline dark:text-brand-300">
          {t('console.coupons.back')}
        </Link>
      </p>
      <div className="mt-2">
        <ConsoleHeading
          id="coupon-form-title"
          title={coupon ? coupon.code : t('console.coupons.newTitle')}
          intro={coupon ? t('console.coupons.usedSoFar', { value: coupon.used_count }) : t('console.coupons.newIntro')}
        />
      </div>
      <Form method="post" className="mt-6 flex flex-col gap-5" noValidate>
        {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
        <Field
          name="code"
          idPrefix={ID}
          label={t('console.coupons.code')}
          hint={t('console.coupons.codeHint')}
          errors={errors}
          maxLength={40}
          dir="ltr"
          autoCapitalize="characters"
          required
          defaultValue={value('code')}
        />
        <DiscountFields value={value} errors={errors} />
        <DaysAndLimits value={value} errors={errors} />
        <CheckboxField
          name="is_published"
          idPrefix={ID}
          label={t('console.coupons.on')}
          errors={errors}
          defaultChecked={value('is_published') === 'on'}
        />
        <div>
          <SubmitButton busy={busy} label={t('console.coupons.save')} busyLabel={t('console.settings.saving')} />
        </div>
      </Form>
    </section>
  );
}

type FieldsProps = { value: (name: string) => string; errors: Record<string, string> };

/** A percent or an amount off; the amount in a currency, the settings' currency when left empty. */
function DiscountFields({ value, errors }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 font-semibold">{t('console.coupons.discount')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {COUPON_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="kind"
              value={kind}
              defaultChecked={value('kind') === kind}
              className="size-5 accent-brand-600"
            />
            {t(`console.coupons.kinds.${kind}`)}
          </label>
        ))}
      </div>
      <FieldError id={`${ID}-kind-error`} messageKey={errors.kind} field={t('console.coupons.discount')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          name="discount_percent"
          idPrefix={ID}
          label={t('console.coupons.percent')}
          errors={errors}
          inputMode="decimal"
          dir="ltr"
          defaultValue={value('discount_percent')}
        />
        <Field
          name="discount_amount"
          idPrefix={ID}
          label={t('console.coupons.amount')}
          errors={errors}
          inputMode="decimal"
          dir="ltr"
          defaultValue={value('discount_amount')}
        />
        <Field
          name="currency"
          idPrefix={ID}
          label={t('console.coupons.currency')}
          hint={t('console.coupons.currencyHint')}
          errors={errors}
          maxLength={3}
          dir="ltr"
          autoCapitalize="characters"
          defaultValue={value('currency')}
        />
      </div>
    </fieldset>
  );
}

/** The UTC days the coupon is valid on, then how often it may be used: each empty for no limit. */
const DAY_AND_LIMIT_FIELDS = [
  { name: 'valid_from', label: 'validFrom', hint: 'daysHint', type: 'date' },
  { name: 'valid_until', label: 'validUntil', hint: 'daysHint', type: 'date' },
  { name: 'max_uses', label: 'maxUses', hint: 'noLimitHint', type: 'number' },
  { name: 'max_uses_per_user', label: 'maxUsesPerUser', hint: 'noLimitHint', type: 'number' },
] as const;

function DaysAndLimits({ value, errors }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {DAY_AND_LIMIT_FIELDS.map((field) => (
        <Field
          key={field.name}
          name={field.name}
          idPrefix={ID}
          type={field.type}
          min={field.type === 'number' ? 1 : undefined}
          label={t(`console.coupons.${field.label}`)}
          hint={t(`console.coupons.${field.hint}`)}
          errors={errors}
          defaultValue={value(field.name)}
        />
      ))}
    </div>
  );
}

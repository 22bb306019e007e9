import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsoleOfflineMethod } from '../../../contract/payment-catalog.ts';
import { OFFLINE_METHOD_ICONS } from '../../../contract/payment-catalog-basics.ts';
import { FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { ConsoleHeading } from './console-nav.tsx';
import { LocalizedFields } from './localized-fields.tsx';
import { OFFLINE_ICONS } from './offline-method-icon.tsx';
import { wordsIn } from './offline-method-list.tsx';
import { OrderAndVisibility } from './order-and-visibility.tsx';

/**
 * An offline payment method: its name and what the payer does (the account to pay into, the office's address)
 * in every language, its picture, its place among the methods, whether payers are offered it.
 */
export function OfflineMethodForm({
  method,
  failure,
}: {
  method: ConsoleOfflineMethod | null;
  failure: FormResult | undefined;
}) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const errors = failure?.errors ?? {};
  const icon = failure?.values?.icon ?? method?.icon ?? 'landmark';
  return (
    <section className="mx-auto max-w-3xl px-4 py-6" aria-labelledby="offline-method-form-title">
      <p className="text-sm">
        <Link to="/admin/payments/offline-methods" className="text-brand-700 underline dark:text-brand-300">
          {t('console.offlineMethods.back')}
        </Link>
      </p>
      <div className="mt-2">
        <ConsoleHeading
          id="offline-method-form-title"
          title={method ? wordsIn(method.titles, i18n.language) : t('console.offlineMethods.newTitle')}
          intro={t('console.offlineMethods.formIntro')}
        />
      </div>
      <Form method="post" className="mt-6 flex flex-col gap-5" noValidate>
        {failure?.formError && <FormAlert messageKey={failure.formError} values={failure.formErrorValues} />}
        <LocalizedFields
          prefix="titles"
          idPrefix="offline-method"
          legend={t('console.offlineMethods.titles')}
          saved={method?.titles ?? {}}
          failedValues={failure?.values}
          errors={errors}
          maxLength={120}
        />
        <LocalizedFields
          prefix="descriptions"
          idPrefix="offline-method"
          legend={t('console.offlineMethods.descriptions')}
          saved={method?.descriptions ?? {}}
          failedValues={failure?.values}
          errors={errors}
          maxLength={1000}
          multiline
        />
        <fieldset className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 font-semibold">{t('console.offlineMethods.icon')}</legend>
          <div className="flex flex-wrap gap-3">
            {OFFLINE_METHOD_ICONS.map((name) => {
              const Icon = OFFLINE_ICONS[name];
              return (
                <label
                  key={name}
                  className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-900"
                >
                  <input
                    type="radio"
                    name="icon"
                    value={name}
                    defaultChecked={icon === name}
                    className="size-4 accent-brand-600"
                  />
                  <Icon className="size-5" aria-hidden />
                  {t(`console.offlineMethods.icons.${name}`)}
                </label>
              );
            })}
          </div>
        </fieldset>
        <OrderAndVisibility
          idPrefix="offline-method"
          publishedLabel={t('console.offlineMethods.published')}
          saved={method}
          failure={failure}
        />
        <div>
          <SubmitButton busy={busy} label={t('console.offlineMethods.save')} busyLabel={t('console.settings.saving')} />
        </div>
      </Form>
    </section>
  );
}

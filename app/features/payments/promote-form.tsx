import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PromotionOptions } from '../../../contract/promotions.ts';
import { FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { isolate } from '../../lib/bidi.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { formatAmount } from '../../lib/money.ts';
import { isOfflineChoice, MethodChoice, paymentChoicesOf } from './method-choice.tsx';
import { PackageChoice } from './package-choice.tsx';
import { StartField } from './start-field.tsx';

/** The package chosen at first: a week, the shortest of the regular ones. */
const FIRST_CHOICE_DAYS = 7;

export interface PromoteFormSetup {
  options: PromotionOptions;
  idempotencyKey: string;
  now: number;
  latestStart: number;
  referenceMax: number;
}

/**
 * Promote a listing (SPEC.md 2 "promote item", 7 "paid item add"): a package, a start date and time and a
 * payment method, posted to the page's action; it works without JavaScript. The price is the server's.
 */
export function PromoteForm({ setup, result }: { setup: PromoteFormSetup; result: FormResult | undefined }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { options } = setup;
  const choices = paymentChoicesOf(options);
  const sent = result?.values ?? {};
  const errors = result?.errors ?? {};
  const [days, setDays] = useState(() => firstDays(options, sent.days));
  const [choice, setChoice] = useState(
    () => choices.find((each) => each.value === sent.payment_choice)?.value ?? choices[0]?.value ?? '',
  );
  const chosenPackage = options.packages.find((offer) => offer.days === days);
  const form = useRef<HTMLFormElement>(null);
  // A refused form: keyboard and screen-reader users land on the first problem, which reads out its message.
  useEffect(() => {
    if (!result || result.ok) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus();
  }, [result]);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'promote';
  const submitLabel = !hydrated
    ? t('payments.promote.submit')
    : isOfflineChoice(choice)
      ? t('payments.promote.submitOffline')
      : t('payments.promote.submitCard');
  return (
    <Form ref={form} method="post" noValidate className="flex flex-col gap-6" data-testid="promote-form">
      <input type="hidden" name="intent" value="promote" />
      <input type="hidden" name="item_id" value={options.item_id} />
      <input type="hidden" name="idempotency_key" value={setup.idempotencyKey} />
      <FormAlert messageKey={result?.formError} values={result?.formErrorValues} />
      <PackageChoice packages={options.packages} chosen={days} onChoose={setDays} error={errors.days} />
      <StartField
        now={setup.now}
        latestStart={setup.latestStart}
        bookedUntil={options.booked_until}
        sentValue={sent.start_date}
        error={errors.start_date}
      />
      <MethodChoice
        choices={choices}
        chosen={choice}
        onChoose={setChoice}
        hydrated={hydrated}
        referenceMax={setup.referenceMax}
        sentReference={sent.offline_reference}
        errors={{ choice: errors.payment_choice, reference: errors.offline_reference }}
      />
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        {/* The total follows the chosen package, which only the page's code knows before the form is sent. */}
        <p className="text-lg font-bold" aria-live="polite" data-testid="promote-total">
          {hydrated && chosenPackage
            ? t('payments.promote.total', {
                amount: isolate(
                  formatAmount(chosenPackage.amount, chosenPackage.currency, i18n.language as LanguageCode),
                ),
              })
            : null}
        </p>
        <SubmitButton
          busy={busy}
          label={submitLabel}
          busyLabel={t('payments.promote.sending')}
          className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto sm:min-w-56"
        />
      </div>
    </Form>
  );
}

function firstDays(options: PromotionOptions, sent: string | undefined) {
  const offered = options.packages.map((offer) => offer.days);
  const asked = Number(sent);
  if (offered.includes(asked)) return asked;
  return offered.includes(FIRST_CHOICE_DAYS) ? FIRST_CHOICE_DAYS : (offered[0] ?? FIRST_CHOICE_DAYS);
}

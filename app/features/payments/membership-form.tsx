import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import { Field, FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { isolate } from '../../lib/bidi.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { formatAmount } from '../../lib/money.ts';
import type { MembershipPage } from './membership.ts';
import { isOfflineChoice, MethodChoice, paymentChoicesOf } from './method-choice.tsx';

/** The longest coupon code the server takes (contract/payments.ts couponCodeSchema). */
const COUPON_MAX = 40;

/**
 * Buy the membership (SPEC.md 7 "membership add"): a payment method and, when the payer has one, a coupon,
 * posted to the page's action; it works without JavaScript. The price and the days are the server's.
 */
export function MembershipForm({ page, result }: { page: MembershipPage; result: FormResult | undefined }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { options } = page;
  const choices = paymentChoicesOf(options);
  const sent = result?.values ?? {};
  const errors = result?.errors ?? {};
  const [choice, setChoice] = useState(
    () => choices.find((each) => each.value === sent.payment_choice)?.value ?? choices[0]?.value ?? '',
  );
  const form = useRef<HTMLFormElement>(null);
  // A refused form: keyboard and screen-reader users land on the first problem, which reads out its message.
  useEffect(() => {
    if (!result || result.ok) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus();
  }, [result]);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'membership';
  const submitLabel = !hydrated
    ? t('payments.membership.submit')
    : isOfflineChoice(choice)
      ? t('payments.membership.submitOffline')
      : t('payments.promote.submitCard');
  return (
    <Form ref={form} method="post" noValidate className="flex flex-col gap-6" data-testid="membership-form">
      <input type="hidden" name="intent" value="membership" />
      <input type="hidden" name="idempotency_key" value={page.idempotencyKey} />
      <FormAlert messageKey={result?.formError} values={result?.formErrorValues} />
      <MethodChoice
        idPrefix="membership"
        choices={choices}
        chosen={choice}
        onChoose={setChoice}
        hydrated={hydrated}
        referenceMax={page.referenceMax}
        sentReference={sent.offline_reference}
        errors={{ choice: errors.payment_choice, reference: errors.offline_reference }}
      />
      <div className="sm:max-w-md">
        <Field
          idPrefix="membership"
          name="coupon_code"
          label={t('payments.membership.coupon')}
          hint={t('payments.membership.couponHint')}
          errors={errors}
          defaultValue={sent.coupon_code}
          maxLength={COUPON_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
        />
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <p className="text-lg font-bold" data-testid="membership-total">
          {t('payments.promote.total', {
            amount: isolate(formatAmount(options.amount, options.currency, i18n.language as LanguageCode)),
          })}
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

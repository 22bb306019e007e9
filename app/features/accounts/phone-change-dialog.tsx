import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { Modal, ModalClose, ModalTrigger } from '../../components/ui/modal.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { CodeField, ResendCodeButton, useResendWait } from './code-entry.tsx';
import { type CountryOption, PhoneNumberField } from './phone-field.tsx';

type Result = { ok: true; notice: string; phone?: string; changed?: boolean; resendIn?: number } | FormResult;

/** The phone verification code modal (SMS confirmation) of the profile editor. */
export function PhoneChangeDialog({
  hasPhone,
  countries,
  defaultCountry,
}: {
  hasPhone: boolean;
  countries: CountryOption[];
  defaultCountry: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Each opening starts afresh with new fetchers; resetting the old ones could cut short the page's
  // reload that follows a confirmed change.
  const [attempt, setAttempt] = useState(0);
  const sender = useFetcher<Result>({ key: `phone-send-${attempt}` });
  const verifier = useFetcher<Result>({ key: `phone-verify-${attempt}` });
  const resender = useFetcher<Result>({ key: `phone-resend-${attempt}` });
  const sentTo = sender.data?.ok ? sender.data.phone : undefined;
  const changed = verifier.data?.ok && verifier.data.changed;
  const wait = useResendWait(0, resender.data ?? sender.data);
  const failure = [verifier.data, resender.data, sender.data].find((result) => result && !result.ok) as
    | Extract<Result, { ok: false }>
    | undefined;
  const errors = failure?.errors ?? {};
  const toggle = (next: boolean) => {
    if (next) setAttempt((count) => count + 1);
    setOpen(next);
  };
  return (
    <Modal
      open={open}
      onOpenChange={toggle}
      title={t('profile.phoneModalTitle')}
      description={
        sentTo ? (
          <SentenceWithValue sentence={(phone) => t('profile.phoneModalCode', { phone })} value={sentTo} />
        ) : (
          t('profile.phoneModalIntro')
        )
      }
      showDescription
      trigger={
        <ModalTrigger className="shrink-0 text-sm font-semibold text-brand-700 underline dark:text-brand-300">
          {hasPhone ? t('profile.changePhoneButton') : t('profile.addPhoneButton')}
        </ModalTrigger>
      }
    >
      <div className="mt-4 space-y-3">
        <FormAlert messageKey={failure?.formError} values={failure?.formErrorValues} />
        {changed ? (
          <>
            <FormAlert messageKey="profile.phoneChanged" tone="success" />
            <ModalClose className="inline-flex w-full justify-center rounded-full bg-brand-600 px-6 py-3 font-semibold text-white">
              {t('dialog.ok')}
            </ModalClose>
          </>
        ) : sentTo ? (
          <>
            <verifier.Form method="post" action="/edit-profile" className="space-y-3">
              <input type="hidden" name="intent" value="phoneVerify" />
              <input type="hidden" name="user_phone" value={sentTo} />
              <CodeField idPrefix="phone-change" errors={errors} />
              <SubmitButton
                busy={verifier.state !== 'idle'}
                label={t('profile.confirm')}
                busyLabel={t('profile.saving')}
              />
            </verifier.Form>
            <resender.Form method="post" action="/edit-profile">
              <input type="hidden" name="user_phone" value={sentTo} />
              <ResendCodeButton busy={resender.state !== 'idle'} wait={wait} value="phoneSend" />
            </resender.Form>
          </>
        ) : (
          <sender.Form method="post" action="/edit-profile" className="space-y-3">
            <input type="hidden" name="intent" value="phoneSend" />
            <PhoneNumberField
              idPrefix="phone-change"
              errors={errors}
              countries={countries}
              defaultCountry={defaultCountry}
            />
            <SubmitButton busy={sender.state !== 'idle'} label={t('auth.sendCode')} busyLabel={t('auth.sending')} />
          </sender.Form>
        )}
      </div>
    </Modal>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { FieldErrors } from '../form-errors.ts';
import { Field, FormAlert, SubmitButton } from './form.tsx';

type Result =
  | { ok: true; notice: string; phone?: string; changed?: boolean }
  | { ok: false; errors: FieldErrors; formError?: string };

/** The phone verification code modal (SMS confirmation) of the profile editor. */
export function PhoneChangeDialog({ hasPhone }: { hasPhone: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const sender = useFetcher<Result>({ key: 'phone-send' });
  const verifier = useFetcher<Result>({ key: 'phone-verify' });
  const sentTo = sender.data?.ok ? sender.data.phone : undefined;
  const changed = verifier.data?.ok && verifier.data.changed;
  const failure = [verifier.data, sender.data].find((result) => result && !result.ok) as
    | Extract<Result, { ok: false }>
    | undefined;
  const errors = failure?.errors ?? {};
  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      sender.reset?.();
      verifier.reset?.();
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={reset}>
      <Dialog.Trigger className="shrink-0 text-sm font-semibold text-brand-700 underline dark:text-brand-300">
        {hasPhone ? t('profile.changePhoneButton') : t('profile.addPhoneButton')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          dir={i18n.dir()}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl dark:bg-slate-900"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{t('profile.phoneModalTitle')}</Dialog.Title>
            <Dialog.Close
              className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label={t('dialog.close')}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-slate-600 dark:text-slate-400">
            {sentTo ? t('profile.phoneModalCode', { phone: `\u2066${sentTo}\u2069` }) : t('profile.phoneModalIntro')}
          </Dialog.Description>
          <div className="mt-4 space-y-3">
            <FormAlert messageKey={failure?.formError} />
            {changed ? (
              <>
                <FormAlert messageKey="profile.phoneChanged" tone="success" />
                <Dialog.Close className="inline-flex w-full justify-center rounded-full bg-brand-600 px-6 py-3 font-semibold text-white">
                  {t('dialog.ok')}
                </Dialog.Close>
              </>
            ) : sentTo ? (
              <verifier.Form method="post" action="/edit-profile" className="space-y-3">
                <input type="hidden" name="intent" value="phoneVerify" />
                <input type="hidden" name="user_phone" value={sentTo} />
                <Field
                  idPrefix="phone-change"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  dir="ltr"
                  className="tracking-[0.5em]"
                  label={t('fields.code')}
                  errors={errors}
                />
                <SubmitButton
                  busy={verifier.state !== 'idle'}
                  label={t('profile.confirm')}
                  busyLabel={t('profile.saving')}
                />
              </verifier.Form>
            ) : (
              <sender.Form method="post" action="/edit-profile" className="space-y-3">
                <input type="hidden" name="intent" value="phoneSend" />
                <Field
                  idPrefix="phone-change"
                  name="user_phone"
                  type="tel"
                  autoComplete="tel"
                  dir="ltr"
                  label={t('fields.user_phone')}
                  hint={t('auth.phoneHint')}
                  errors={errors}
                />
                <SubmitButton busy={sender.state !== 'idle'} label={t('auth.sendCode')} busyLabel={t('auth.sending')} />
              </sender.Form>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

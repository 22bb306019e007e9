import { useTranslation } from 'react-i18next';
import { Form, useFetcher, useNavigation } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/ui/form.tsx';
import { SentenceWithValue } from '../../components/ui/sentence-with-value.tsx';
import type { FormResult } from '../../lib/form-errors.ts';
import { CodeField, ResendCodeButton, useResendWait } from './code-entry.tsx';

type EmailCodeResult = { ok: true; notice: string; resendIn?: number } | FormResult;

/**
 * The code step of an e-mail change: the new address stays pending until its code is entered here (intent
 * "emailVerify"); a new code can be sent to it ("emailResend"), or the change dropped ("emailKeep": "Keep my
 * current address"). Each posts to the page's own action.
 */
export function PendingEmail({ email, resendIn }: { email: string; resendIn: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const verifier = useFetcher<EmailCodeResult>({ key: 'email-verify' });
  const resender = useFetcher<EmailCodeResult>({ key: 'email-resend' });
  const wait = useResendWait(resendIn, resender.data);
  const failure = [verifier.data, resender.data].find((result) => result && !result.ok) as
    | Extract<EmailCodeResult, { ok: false }>
    | undefined;
  const keeping = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'emailKeep';
  return (
    <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950">
      <p className="text-sm">
        <SentenceWithValue sentence={(value) => t('profile.emailPending', { email: value })} value={email} />
      </p>
      <FormAlert messageKey={failure?.formError} values={failure?.formErrorValues} />
      <FormAlert messageKey={resender.data?.ok ? resender.data.notice : null} tone="success" />
      <verifier.Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="emailVerify" />
        <CodeField idPrefix="email-change" errors={verifier.data?.ok ? {} : (verifier.data?.errors ?? {})} />
        <SubmitButton busy={verifier.state !== 'idle'} label={t('profile.confirm')} busyLabel={t('profile.saving')} />
      </verifier.Form>
      <resender.Form method="post">
        <ResendCodeButton busy={resender.state !== 'idle'} wait={wait} value="emailResend" />
      </resender.Form>
      <Form method="post" className="text-center">
        <button
          type="submit"
          name="intent"
          value="emailKeep"
          disabled={keeping}
          className="text-sm font-semibold text-brand-700 underline disabled:opacity-60 dark:text-brand-300"
        >
          {t('profile.keepCurrentEmail')}
        </button>
      </Form>
    </div>
  );
}

import type { LanguageCode } from '../../../contract/language.ts';
import { translate } from '../../i18n.ts';
import type { MailMessage } from '../../kernel/mail.ts';
import type { SmsMessage } from '../../kernel/sms.ts';

type CodePurpose = 'sign-in' | 'email-verification' | 'forget-password' | 'change-email';

/** The e-mail carrying a one-time code, in the reader's language. */
export function codeMail(language: LanguageCode, to: string, code: string, purpose: CodePurpose): MailMessage {
  const kind = purpose === 'forget-password' ? 'reset' : 'verify';
  const t = (key: string) => translate(language, `mail.${kind}.${key}`, { code, minutes: 10 });
  // A profile's new address: the same code mail, saying what the code changes and that ignoring it is safe.
  const own = (key: 'body' | 'ignore') =>
    purpose === 'change-email' ? translate(language, `mail.changeEmail.${key}`, { minutes: 10 }) : t(key);
  return { to, subject: t('subject'), text: `${t('greeting')}\n\n${own('body')}\n\n${code}\n\n${own('ignore')}\n` };
}

export function codeSms(language: LanguageCode, to: string, code: string): SmsMessage {
  return { to, body: translate(language, 'sms.code', { code, minutes: 10 }) };
}

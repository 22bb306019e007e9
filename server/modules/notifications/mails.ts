import type { LanguageCode } from '../../../contract/language.ts';
import type { NotificationKind } from '../../../contract/notification-basics.ts';
import { translate } from '../../i18n.ts';
import type { MailMessage } from '../../kernel/mail.ts';
import { unsubscribeQuery } from './unsubscribe.ts';

export interface MailSite {
  /** Where links in mails point (PUBLIC_URL). */
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
}

export interface MailReader {
  userId: string;
  email: string;
  language: LanguageCode;
}

/** The List-Unsubscribe headers of RFC 8058 and the link for the mail's last line. */
function unsubscribing(site: MailSite, reader: MailReader, kind: NotificationKind) {
  const query = unsubscribeQuery(site.secret, { userId: reader.userId, kind });
  return {
    page: `${site.publicUrl}/unsubscribe?${query}`,
    headers: {
      'List-Unsubscribe': `<${site.publicUrl}/api/v1/notifications/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** One notice by mail: its title as the subject, its text, the link to open it and the way to stop these. */
export function noticeMail(
  site: MailSite,
  reader: MailReader,
  notice: { kind: NotificationKind; title: string; message: string; url: string },
): MailMessage {
  const stop = unsubscribing(site, reader, notice.kind);
  const t = (key: string, values: Record<string, unknown> = {}) =>
    translate(reader.language, `mail.notice.${key}`, values);
  const lines = [notice.title, '', notice.message, '', t('open', { url: `${site.publicUrl}${notice.url}` })];
  lines.push('', t('unsubscribe', { url: stop.page }));
  return { to: reader.email, subject: notice.title, text: lines.join('\n'), headers: stop.headers };
}

export interface DigestLine {
  searchName: string;
  itemTitle: string;
  itemId: string;
}

/** The day's new matches of someone's saved searches, in one mail. */
export function digestMail(site: MailSite, reader: MailReader, lines: DigestLine[]): MailMessage {
  const stop = unsubscribing(site, reader, 'saved_search.match');
  const t = (key: string, values: Record<string, unknown> = {}) =>
    translate(reader.language, `mail.digest.${key}`, values);
  const body = lines.map((line) => `- ${line.itemTitle} (${line.searchName})\n  ${site.publicUrl}/item/${line.itemId}`);
  const text = [
    t('intro', { number: lines.length }),
    '',
    ...body,
    '',
    t('all', { url: `${site.publicUrl}/saved-searches` }),
  ];
  text.push('', translate(reader.language, 'mail.notice.unsubscribe', { url: stop.page }));
  return {
    to: reader.email,
    subject: t('subject', { number: lines.length }),
    text: text.join('\n'),
    headers: stop.headers,
  };
}

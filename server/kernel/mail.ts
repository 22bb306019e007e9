import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Logger } from './logger.ts';
import { writeToOutbox } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox folder and the log. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'outboxDir'>, logger: Logger): Mailer {
  if (!config.SMTP_URL) {
    return {
      async send(message) {
        const file = await writeToOutbox(config.outboxDir, 'mail', { ...message });
        logger.info(
          { to: message.to, subject: message.subject, file },
          'mail written to the outbox (SMTP_URL is not set)',
        );
      },
    };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(message) {
      await transport.sendMail({ from: config.MAIL_FROM, ...message });
    },
  };
}

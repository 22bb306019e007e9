import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { JobQueue } from './jobs.ts';
import type { Logger } from './logger.ts';
import { MESSAGE_RETRY_POLICY } from './message-jobs.ts';
import { writeToOutbox } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) of a notification mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module './jobs.ts' {
  interface JobPayloads {
    'mail.send': MailMessage;
  }
}

/** The mailer requests use: `send` resolves once the message is stored as a job; a worker delivers it. */
export function queuedMailer(jobs: JobQueue): Mailer {
  return {
    async send(message) {
      await jobs.enqueue('mail.send', { ...message });
    },
  };
}

/** Delivers queued mail through `mailer` (SMTP or the outbox), retrying with growing delays. */
export function deliverQueuedMail(jobs: JobQueue, mailer: Mailer) {
  jobs.work('mail.send', (message) => mailer.send(message), MESSAGE_RETRY_POLICY);
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
  // Each wait ends well before the job's time limit (MESSAGE_RETRY_POLICY), so a stuck server means a retry.
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: config.MAIL_FROM, ...message });
    },
  };
}

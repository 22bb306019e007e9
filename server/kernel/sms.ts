import type { Config } from '../config.ts';
import type { JobQueue } from './jobs.ts';
import type { Logger } from './logger.ts';
import { MESSAGE_RETRY_POLICY } from './message-jobs.ts';
import { writeToOutbox } from './outbox.ts';

export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

declare module './jobs.ts' {
  interface JobPayloads {
    'sms.send': SmsMessage;
  }
}

/** The SMS sender requests use: `send` resolves once the message is stored as a job; a worker sends it. */
export function queuedSmsSender(jobs: JobQueue): SmsSender {
  return {
    async send(message) {
      await jobs.enqueue('sms.send', { to: message.to, body: message.body });
    },
  };
}

/** Sends queued SMS through `sender` (the SMS service or the outbox), retrying with growing delays. */
export function deliverQueuedSms(jobs: JobQueue, sender: SmsSender) {
  jobs.work('sms.send', (message) => sender.send(message), MESSAGE_RETRY_POLICY);
}

type SmsConfig = Pick<Config, 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM' | 'outboxDir'>;

/**
 * Twilio's Messages API (or any service speaking it, at SMS_API_URL) when SMS_ACCOUNT_SID, SMS_AUTH_TOKEN
 * and SMS_FROM are set; otherwise the outbox folder and the log.
 */
export function createSmsSender(config: SmsConfig, logger: Logger): SmsSender {
  const { SMS_ACCOUNT_SID: accountSid, SMS_AUTH_TOKEN: authToken, SMS_FROM: from } = config;
  if (!accountSid || !authToken || !from) {
    return {
      async send(message) {
        const file = await writeToOutbox(config.outboxDir, 'sms', { ...message });
        logger.info({ to: message.to, file }, 'SMS written to the outbox (the SMS service is not configured)');
      },
    };
  }
  const endpoint = new URL(`/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, config.SMS_API_URL);
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    async send(message) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: from, Body: message.body }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`The SMS service answered ${response.status}: ${detail.slice(0, 300)}`);
      }
    },
  };
}

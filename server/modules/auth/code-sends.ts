import { CODE_RESEND_SECONDS } from '../../../contract/auth.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';

/** Where a one-time code goes: an e-mail address or a phone number. */
export interface CodeRecipient {
  channel: 'email' | 'sms';
  address: string;
}

const HOUR = 3600;
/** Codes one address or number may receive in an hour, whatever asked for them. */
export const CODES_PER_RECIPIENT_HOURLY = 6;
/** Codes one client address may have sent in an hour (generous: carriers put many people behind one address). */
export const CODES_PER_SOURCE_HOURLY = 60;

/**
 * The one gate every one-time code passes before it is made and sent (registration, resend, sign-in of a
 * pending registration, password reset, phone sign-in, phone change, e-mail change): a cooldown per
 * recipient, an hourly cap per recipient and per client address, and an hourly ceiling of SMS for the
 * whole site. Counted in Redis when REDIS_URL is set, so every app instance shares the counts.
 * Checked before the code is made, so a refused request never replaces a code already sent.
 */
export class CodeSendGuard {
  private readonly cooldown: Limiter;
  private readonly perRecipient: Limiter;
  private readonly perSource: Limiter;
  private readonly smsCeiling: Limiter;

  constructor(createLimiter: LimiterFactory, smsHourlyLimit: number) {
    this.cooldown = createLimiter({
      keyPrefix: 'code-cooldown',
      points: 1,
      durationSeconds: CODE_RESEND_SECONDS,
      messageKey: 'auth.resendTooSoon',
    });
    this.perRecipient = createLimiter({
      keyPrefix: 'code-recipient',
      points: CODES_PER_RECIPIENT_HOURLY,
      durationSeconds: HOUR,
      messageKey: 'auth.tooManyCodes',
    });
    this.perSource = createLimiter({
      keyPrefix: 'code-source',
      points: CODES_PER_SOURCE_HOURLY,
      durationSeconds: HOUR,
    });
    this.smsCeiling = createLimiter({ keyPrefix: 'sms-site', points: smsHourlyLimit, durationSeconds: HOUR });
  }

  /** Counts one code for `recipient` asked from `sourceIp`; throws a 429 (with the wait left) when any cap is reached. */
  async admit(recipient: CodeRecipient, sourceIp: string) {
    const key = `${recipient.channel}:${recipient.address.toLowerCase()}`;
    const counts: Array<[Limiter, string]> = [
      [this.cooldown, key],
      [this.perRecipient, key],
      [this.perSource, sourceIp],
      ...(recipient.channel === 'sms' ? [[this.smsCeiling, 'all'] as [Limiter, string]] : []),
    ];
    // All checked before any is counted, so a refusal by one cap does not use up another.
    for (const [limiter, limiterKey] of counts) await limiter.check(limiterKey);
    for (const [limiter, limiterKey] of counts) await limiter.consume(limiterKey);
  }
}

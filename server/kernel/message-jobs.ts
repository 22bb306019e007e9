import type { RetryPolicy } from './jobs.ts';

/**
 * Mail and SMS jobs: six attempts over about five minutes (one-time codes live ten), each run cut off after a
 * minute. Sending the same message twice after a crash mid-send is acceptable; losing it is not.
 */
export const MESSAGE_RETRY_POLICY: Partial<RetryPolicy> = {
  attempts: 6,
  delaySeconds: 5,
  maxDelaySeconds: 120,
  timeoutSeconds: 60,
};

import { APIError } from 'better-auth/api';
import { CODE_ATTEMPTS, hashCode } from './address-codes.ts';

/** How the phone-number plugin names a number's pending code (better-auth 1.7). */
const PHONE_CODE_PREFIX = 'phone-number-otp-';
/** What the plugin stores: the plain code and the wrong tries so far. */
const PLAIN_PHONE_CODE = /^(\d{6}):(\d+)$/;

type Verification = { identifier: string; value: string; expiresAt: Date };

/**
 * The phone-number plugin stores its codes in plain text and has no option to hash them: this hook of the
 * verification table hashes a texted code before it is written (the code itself went out beforehand).
 */
export function hashPhoneCodeBeforeStoring(secret: string, verification: Verification) {
  const plain = verification.identifier.startsWith(PHONE_CODE_PREFIX) && PLAIN_PHONE_CODE.exec(verification.value);
  if (!plain) return undefined;
  return { data: { ...verification, value: `${hashCode(secret, plain[1] ?? '')}:${plain[2]}` } };
}

interface VerificationStore {
  findVerificationValue(identifier: string): Promise<Verification | null>;
  consumeVerificationValue(identifier: string): Promise<Verification | null>;
  deleteVerificationByIdentifier(identifier: string): Promise<unknown>;
  createVerificationValue(data: Verification): Promise<unknown>;
}

const failure = (status: 'BAD_REQUEST' | 'FORBIDDEN', code: string) => APIError.from(status, { code, message: code });

/**
 * The plugin's `verifyOTP`: compares the hash of the given code with the stored one, with the plugin's own
 * rules (expiry, CODE_ATTEMPTS wrong tries, one winner among simultaneous requests).
 */
export async function checkHashedPhoneCode(
  secret: string,
  store: VerificationStore,
  data: { phoneNumber: string; code: string },
) {
  const identifier = `${PHONE_CODE_PREFIX}${data.phoneNumber}`;
  const stored = await store.findVerificationValue(identifier);
  if (!stored) throw failure('BAD_REQUEST', 'OTP_NOT_FOUND');
  if (stored.expiresAt < new Date()) {
    await store.deleteVerificationByIdentifier(identifier);
    throw failure('BAD_REQUEST', 'OTP_EXPIRED');
  }
  const consumed = await store.consumeVerificationValue(identifier);
  if (!consumed) return false;
  const separator = consumed.value.lastIndexOf(':');
  const hashed = consumed.value.slice(0, separator);
  const attempts = Number(consumed.value.slice(separator + 1)) || 0;
  if (attempts >= CODE_ATTEMPTS) throw failure('FORBIDDEN', 'TOO_MANY_ATTEMPTS');
  if (hashed === hashCode(secret, data.code)) return true;
  await store.createVerificationValue({
    identifier,
    value: `${hashed}:${attempts + 1}`,
    expiresAt: consumed.expiresAt,
  });
  return false;
}

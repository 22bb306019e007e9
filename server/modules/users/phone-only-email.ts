/** Phone-only accounts get an address that can never receive mail (RFC 2606 reserves .invalid). */
export const PHONE_EMAIL_DOMAIN = 'phone.souk.invalid';

/** The stand-in address of an account made by phone sign-in (named by the account, as its number may change). */
export const phoneOnlyEmail = (userId: string) => `${userId}@${PHONE_EMAIL_DOMAIN}`;

/** Whether `email` is such a stand-in, never shown to anyone. */
export const isPhoneOnlyEmail = (email: string) => email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);

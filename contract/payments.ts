import { requiredText, VALIDATION } from './fields.ts';

export const PAYMENT_METHODS = ['paypal', 'stripe', 'razor', 'offline', 'paystack', 'In_App_Purchase'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CARD_EXPIRY_FORMAT = 'MM/YY';

/** MM/YY with a real month. */
export const cardExpirySchema = requiredText.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, VALIDATION.cardExpiryFormat);

export const cardCvvSchema = requiredText.regex(/^\d{3,4}$/, VALIDATION.cardCvv);

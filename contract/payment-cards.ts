import { z } from 'zod';
import { emailSchema, requiredText, VALIDATION } from './fields.ts';
import { SAVED_CARDS_MAX } from './payment-basics.ts';

export { SAVED_CARDS_MAX };

/** A saved card's id at the provider (a Stripe PaymentMethod). */
export const savedCardIdSchema = z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'validation.outOfRange');

/** A card's saving at the provider (a Stripe SetupIntent). */
export const cardSetupIdSchema = z.string().regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'validation.outOfRange');

export const savedCardSchema = z
  .object({
    id: z.string(),
    brand: z.string().describe('visa, mastercard, amex, mada…, as the provider names it'),
    last4: z.string(),
    expiry: z.string().describe('MM/YY'),
    holder_name: z.string().nullable(),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardListSchema = z
  .object({
    enabled: z.boolean().describe('Whether cards can be saved and paid with (card payment is on)'),
    cards: z.array(savedCardSchema).describe('The latest first'),
    max: z.number().int(),
    publishable_key: z.string().describe('For Stripe.js (empty while card payment is off)'),
    js_url: z.string().describe('Where Stripe.js loads from'),
  })
  .meta({ id: 'SavedCardList' });
export type SavedCardList = z.infer<typeof savedCardListSchema>;

export const cardSetupRequestSchema = z
  .object({ replaces: savedCardIdSchema.optional().describe('The saved card the new one takes the place of') })
  .nullish();

/** What the browser needs to save a card with Stripe.js (confirmCardSetup in Stripe's own card fields). */
export const cardSetupSchema = z
  .object({
    setup_id: z.string(),
    client_secret: z.string(),
    publishable_key: z.string(),
    js_url: z.string(),
  })
  .meta({ id: 'CardSetup' });
export type CardSetup = z.infer<typeof cardSetupSchema>;

const ownerText = (max: number) => requiredText.max(max, VALIDATION.tooLong);

/**
 * SPEC.md 5 card entry: besides the card (number, expiry MM/YY and CVV, in Stripe's own fields), its owner, all
 * required. They go to Stripe with the card (its billing details), not to this server.
 */
export const cardOwnerSchema = z.object({
  holder_name: ownerText(100),
  email: emailSchema,
  phone: requiredText.regex(/^\+?[0-9 ()-]{6,20}$/, VALIDATION.phoneFormat),
  street: ownerText(200),
  city: ownerText(100),
  state: ownerText(100),
  zip_code: ownerText(20),
  apartment: ownerText(50),
});
export type CardOwner = z.infer<typeof cardOwnerSchema>;

/** SPEC.md 5 card update: the new card in Stripe's fields, and the new name on it. */
export const cardUpdateOwnerSchema = cardOwnerSchema.pick({ holder_name: true });

// The validation messages without schemas: screens that check a form themselves (the item list's filters)
// name them, so this must not bring zod along. contract/fields.ts re-exports them with the field schemas.

/**
 * The validation messages of SPEC.md 5, as locale keys (app/i18n/locales/*.json "validation").
 * Schemas report these keys as their issue messages; screens translate them with t().
 */
export const VALIDATION = {
  required: 'validation.required',
  /** An operator's synonym line with a single word: a group needs two words that mean the same. */
  synonymLine: 'validation.synonymLine',
  imageRequired: 'validation.imageRequired',
  priceRange: 'validation.priceRange',
  emailFormat: 'validation.emailFormat',
  agreePrivacy: 'validation.agreePrivacy',
  passwordsMismatch: 'validation.passwordsMismatch',
  selectPrivacy: 'validation.selectPrivacy',
  userNameFormat: 'validation.userNameFormat',
  verificationCode: 'validation.verificationCode',
  cardExpiryFormat: 'validation.cardExpiryFormat',
  cardCvv: 'validation.cardCvv',
  passwordConfirm: 'validation.passwordConfirm',
  promotionDate: 'validation.promotionDate',
  blueMarkNote: 'validation.blueMarkNote',
  tooLong: 'validation.tooLong',
  passwordLength: 'validation.passwordLength',
  phoneFormat: 'validation.phoneFormat',
  priceFormat: 'validation.priceFormat',
  tooManyImages: 'validation.tooManyImages',
  wholeNumber: 'validation.wholeNumber',
  outOfRange: 'validation.outOfRange',
  dateFormat: 'validation.dateFormat',
} as const;

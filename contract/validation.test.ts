import { describe, expect, it } from 'vitest';
import { fullNameSchema, matchingPasswords } from './auth.ts';
import { emailSchema, VALIDATION } from './fields.ts';
import { cardCvvSchema, cardExpirySchema } from './payments.ts';
import { itemSearchSchema } from './search.ts';
import { blueMarkSchema } from './users.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('validation rules of SPEC.md 5', () => {
  it('checks e-mail format', () => {
    expect(emailSchema.safeParse('someone@example.com').success).toBe(true);
    expect(firstMessage(emailSchema.safeParse('someone@'))).toBe(VALIDATION.emailFormat);
    expect(firstMessage(emailSchema.safeParse('  '))).toBe(VALIDATION.required);
  });

  it('wants first and last name for phone login', () => {
    expect(fullNameSchema.safeParse('محمد العتيبي').success).toBe(true);
    expect(firstMessage(fullNameSchema.safeParse('Mohammed'))).toBe(VALIDATION.userNameFormat);
  });

  it('checks card expiry MM/YY and cvv', () => {
    expect(cardExpirySchema.safeParse('09/29').success).toBe(true);
    expect(firstMessage(cardExpirySchema.safeParse('13/29'))).toBe(VALIDATION.cardExpiryFormat);
    expect(firstMessage(cardExpirySchema.safeParse('9/2029'))).toBe(VALIDATION.cardExpiryFormat);
    expect(cardCvvSchema.safeParse('123').success).toBe(true);
    expect(firstMessage(cardCvvSchema.safeParse('12a'))).toBe(VALIDATION.cardCvv);
  });

  it('checks min and max price', () => {
    expect(itemSearchSchema.safeParse({ min_price: '10', max_price: '20' }).success).toBe(true);
    expect(itemSearchSchema.safeParse({ min_price: '10' }).success).toBe(true);
    expect(firstMessage(itemSearchSchema.safeParse({ min_price: '30', max_price: '20' }))).toBe(VALIDATION.priceRange);
    expect(firstMessage(itemSearchSchema.safeParse({ min_price: '-1' }))).toBe(VALIDATION.priceRange);
  });

  it('compares passwords with the message of each screen', () => {
    const register = matchingPasswords(VALIDATION.passwordsMismatch);
    const update = matchingPasswords(VALIDATION.passwordConfirm);
    expect(register.safeParse({ password: 'a1b2c3d4', confirm_password: 'a1b2c3d4' }).success).toBe(true);
    expect(firstMessage(register.safeParse({ password: 'a1b2c3d4', confirm_password: 'x' }))).toBe(
      VALIDATION.passwordsMismatch,
    );
    expect(firstMessage(update.safeParse({ password: 'a1b2c3d4', confirm_password: 'x' }))).toBe(
      VALIDATION.passwordConfirm,
    );
  });

  it('requires a note for the blue mark', () => {
    expect(firstMessage(blueMarkSchema.safeParse({ note: ' ' }))).toBe(VALIDATION.blueMarkNote);
  });

  it('uses keys that exist in the locales', async () => {
    const { default: english } = await import('../app/i18n/locales/en/forms.json', { with: { type: 'json' } });
    for (const key of Object.values(VALIDATION)) {
      const [group, name] = key.split('.') as [keyof typeof english, string];
      expect((english[group] as Record<string, string>)[name], key).toEqual(expect.any(String));
    }
  });
});

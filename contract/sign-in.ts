import { z } from 'zod';
import { checked, emailSchema, requiredText, VALIDATION } from './fields.ts';

/** Social sign-in providers; each shows a button only when the site has configured it. */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The message (locale key) shown when sign-in with a provider fails (SPEC.md 8). */
export const SOCIAL_LOGIN_FAILED: Record<SocialProvider, string> = {
  google: 'messages.googleLoginFailed',
  facebook: 'messages.facebookLoginFailed',
  apple: 'auth.appleFailed',
};

export const loginSchema = z.object({
  user_email: emailSchema,
  user_password: requiredText,
  privacy: checked(VALIDATION.agreePrivacy),
});
export type LoginInput = z.infer<typeof loginSchema>;

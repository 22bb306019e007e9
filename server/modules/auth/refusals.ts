import { AppError } from '../../kernel/errors.ts';
import { type SignInRefusal, signInRefusal } from '../users/index.ts';

/** What a person is told when the account they proved is theirs may not sign in. */
const REFUSALS: Record<Exclude<SignInRefusal, 'unproven'>, () => AppError> = {
  banned: () => new AppError(403, 'auth.banned'),
  deactivated: () => new AppError(403, 'auth.deactivated'),
};

/**
 * Throws when the account may not sign in because it is banned or deactivated (users' account policy).
 * Answers whether its owner is still unproven: each sign-in method decides what that means for it.
 */
export function assertNotShutOut(account: Parameters<typeof signInRefusal>[0]): { unproven: boolean } {
  const refusal = signInRefusal(account);
  if (refusal === 'banned' || refusal === 'deactivated') throw REFUSALS[refusal]();
  return { unproven: refusal === 'unproven' };
}

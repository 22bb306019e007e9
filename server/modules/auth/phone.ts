import type { PhoneCodeInput, PhoneLoginInput } from '../../../contract/auth.ts';
import type { RequestMeta, SignedIn } from '../../../contract/session.ts';
import { isUniqueViolation } from '../../kernel/database.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Limiter, LimiterFactory } from '../../kernel/rate-limit.ts';
import type { SettingsService } from '../settings/index.ts';
import type { UserAccounts } from '../users/index.ts';
import type { CodeSendGuard } from './code-sends.ts';
import type { LibraryGateway } from './library-gateway.ts';
import { assertNotShutOut } from './refusals.ts';
import type { Sessions } from './sessions.ts';

const SIGN_IN_FAILED = 'messages.phoneSignInFailed';
const CHANGE_FAILED = 'messages.phoneChangeFailed';

export interface PhoneDependencies {
  accounts: UserAccounts;
  settings: SettingsService;
  gateway: LibraryGateway;
  sessions: Sessions;
  codeSends: CodeSendGuard;
  createLimiter: LimiterFactory;
}

/**
 * Phone numbers proven by a texted code: signing in (into the account that proved the number, or a new one)
 * and a signed-in user's change of number. Only a proven number belongs to an account; an unproven claim
 * never blocks its real owner and never receives a session.
 */
export class PhoneNumbers {
  private readonly deps: PhoneDependencies;
  /** Code requests and checks per client address (generous: carriers put many people behind one address). */
  private readonly perAddress: Limiter;

  constructor(deps: PhoneDependencies) {
    this.deps = deps;
    this.perAddress = deps.createLimiter({ keyPrefix: 'code-ip', points: 60, durationSeconds: 3600 });
  }

  /** Texts a sign-in code; answers whether the number is new, so the screen asks for a name only then. */
  async sendSignInCode(input: PhoneLoginInput, meta: RequestMeta): Promise<{ isNew: boolean }> {
    await this.perAddress.consume(meta.ip);
    // A banned or deactivated owner is told so before any code is counted or sent.
    const owner = await this.provenOwner(input.user_phone);
    if (owner) assertNotShutOut(owner);
    await this.deps.codeSends.admit({ channel: 'sms', address: input.user_phone }, meta.ip);
    await this.deps.gateway.sendPhoneCode(input.user_phone, meta, SIGN_IN_FAILED);
    return { isNew: !owner };
  }

  /**
   * Signs in with the SMS code: into the account that proved this number, or a new one named `user_name`.
   * An unproven claim on the number never receives the session; it is dropped (the one who proves it wins it).
   */
  async signIn(input: PhoneCodeInput, meta: RequestMeta): Promise<SignedIn> {
    await this.perAddress.consume(meta.ip);
    const phone = input.user_phone;
    const owner = await this.provenOwner(phone);
    if (!owner && !input.user_name) throw new AppError(400, 'validation.userNameFormat');
    await this.deps.gateway.consumePhoneCode(phone, input.code, SIGN_IN_FAILED);
    if (owner) assertNotShutOut(owner);
    const userId = owner?.id ?? (await this.createAccount(phone, input.user_name ?? phone));
    await this.claim(userId, phone, SIGN_IN_FAILED);
    return this.deps.sessions.start(userId, meta, SIGN_IN_FAILED);
  }

  /** Texts a code to a new number of a signed-in user ('Error in Changing Phone Number' on failure). */
  async sendChangeCode(userId: string, phone: string, meta: RequestMeta) {
    await this.perAddress.consume(meta.ip);
    // A number another account proved is refused before any code is counted or sent.
    await this.assertFree(userId, phone);
    await this.deps.codeSends.admit({ channel: 'sms', address: phone }, meta.ip);
    await this.deps.gateway.sendPhoneCode(phone, meta, CHANGE_FAILED);
  }

  async confirmChange(userId: string, phone: string, code: string, meta: RequestMeta) {
    await this.perAddress.consume(meta.ip);
    await this.assertFree(userId, phone);
    await this.deps.gateway.consumePhoneCode(phone, code, CHANGE_FAILED);
    await this.claim(userId, phone, CHANGE_FAILED);
  }

  /** Only a number another account proved is taken; an unproven claim never blocks its real owner. */
  async assertFree(userId: string, phone: string) {
    const owner = await this.provenOwner(phone);
    if (owner && owner.id !== userId) throw new AppError(409, 'users.phoneTaken');
  }

  /** The country whose local numbers the phone screens read by default (the operator's setting). */
  defaultCountry() {
    return this.deps.settings.defaultCountry();
  }

  private provenOwner(phone: string) {
    return this.deps.accounts.provenPhoneOwner(phone);
  }

  private createAccount(phone: string, userName: string) {
    return this.deps.accounts.createForPhone(userName, phone);
  }

  /**
   * `userId` proved `phone`: it becomes the account's verified number and every other account's unproven
   * claim on it is dropped. Someone who proved it first in the meantime keeps it (409).
   */
  private async claim(userId: string, phone: string, failureKey: string) {
    try {
      await this.deps.accounts.provePhone(userId, phone);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'users.phoneTaken');
      throw new AppError(400, failureKey);
    }
  }
}

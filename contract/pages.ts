import type {
  EmailCodeInput,
  ForgotPasswordInput,
  LoginInput,
  PasswordUpdateInput,
  PhoneCodeInput,
  PhoneLoginInput,
  RegisterInput,
  ResetPasswordInput,
  SocialProvider,
} from './auth.ts';
import type { Blog, ContactMessageInput, ContentPage, ContentPageKind } from './content.ts';
import type { LanguageCode } from './language.ts';
import type { Category, ListQuery, Lookup, Subcategory } from './lookups.ts';
import type { ReceivedUpload } from './media.ts';
import type { Paged } from './paging.ts';
import type { RegisterOutcome, RequestMeta, SignedIn, SignInOutcome, Viewer } from './session.ts';
import type { ProfileUpdateInput, User, UserSettingsInput } from './users.ts';

/**
 * The page port: exactly the operations page loaders and actions call, and nothing else (no ending other
 * people's sessions, no administration). server/services.ts builds it from the modules' page operations;
 * app/context.ts hands it to the routes. Each operation checks who is asking, as its service does for the API.
 */
export interface PageOperations extends CatalogPages, ContentPages {
  auth: AccountPages;
  users: ProfilePages;
}

/** Categories, subcategories, deal options and the cities a profile may pick (module lookups). */
export interface CatalogPages {
  listCategories(query: ListQuery, language: LanguageCode): Promise<Paged<Category>>;
  getCategory(catId: number, language: LanguageCode): Promise<Category | null>;
  listSubcategories(catId: number, query: ListQuery, language: LanguageCode): Promise<Paged<Subcategory>>;
  listDealOptions(query: ListQuery, language: LanguageCode): Promise<Paged<Lookup>>;
  /** The cities people can choose for their profile, in the page's language. */
  listCities(language: LanguageCode): Promise<Array<{ id: number; name: string }>>;
}

/** The operator's pages, the blog and the contact form (module content). */
export interface ContentPages {
  getContentPage(kind: ContentPageKind, language: LanguageCode): Promise<ContentPage | null>;
  listBlogs(
    query: { limit: number; offset: number; searchterm?: string },
    language: LanguageCode,
  ): Promise<Paged<Blog>>;
  getBlog(id: number, language: LanguageCode): Promise<Blog | null>;
  /** Refused with status 429 when this address has sent too many. */
  sendContactMessage(input: ContactMessageInput, sender: { ip: string; userId?: string | null }): Promise<void>;
}

/** Signing up, in and out, and the signed-in person's own sign-in details (module auth). */
export interface AccountPages {
  enabledSocialProviders(): SocialProvider[];
  /** The country phone numbers are read in when typed without +. */
  defaultCountry(): Promise<string>;
  register(input: RegisterInput, meta: RequestMeta): Promise<RegisterOutcome>;
  verifyEmail(input: EmailCodeInput & { registration_token: string }, meta: RequestMeta): Promise<SignedIn>;
  resendEmailCode(input: { user_email: string; registration_token?: string }, meta: RequestMeta): Promise<void>;
  login(input: LoginInput, meta: RequestMeta): Promise<SignInOutcome>;
  /** The cookies that end this browser's session. */
  logout(meta: RequestMeta, viewer: Viewer | null): Promise<string[]>;
  forgotPassword(input: ForgotPasswordInput, meta: RequestMeta): Promise<void>;
  resetPassword(input: ResetPasswordInput, meta: RequestMeta): Promise<void>;
  sendPhoneCode(input: PhoneLoginInput, meta: RequestMeta): Promise<{ isNew: boolean }>;
  verifyPhoneCode(input: PhoneCodeInput, meta: RequestMeta): Promise<SignedIn>;
  /** The provider's sign-in address and the state cookies to set before going there. */
  startSocialSignIn(
    provider: SocialProvider,
    urls: { callbackURL: string; errorCallbackURL: string },
    meta: RequestMeta,
  ): Promise<{ url: string | undefined; cookies: string[] }>;
  hasPassword(userId: string): Promise<boolean>;
  changePassword(userId: string, input: PasswordUpdateInput, meta: RequestMeta): Promise<void>;
  /** Saves the profile; a new address waits for the code sent to it (`emailPending`) before it replaces the old. */
  updateProfile(userId: string, input: ProfileUpdateInput, meta: RequestMeta): Promise<{ emailPending: boolean }>;
  resendEmailChangeCode(userId: string, meta: RequestMeta): Promise<{ email: string }>;
  cancelEmailChange(userId: string): Promise<void>;
  /** The new address is proven: the renewed session's cookies. */
  confirmEmailChange(userId: string, code: string, meta: RequestMeta): Promise<{ cookies: string[] }>;
  sendPhoneChangeCode(userId: string, phone: string, meta: RequestMeta): Promise<void>;
  confirmPhoneChange(userId: string, phone: string, code: string, meta: RequestMeta): Promise<void>;
  /** The cookies that clear a session the server has already ended (after deactivation). */
  clearedSessionCookies(): Promise<string[]>;
}

/** Profiles as their viewer may see them, and the signed-in person's own settings and photos (module users). */
export interface ProfilePages {
  profile(userId: string, viewer: Pick<Viewer, 'userId' | 'isAdmin'> | null): Promise<User>;
  cityName(cityId: number | null, language: LanguageCode): Promise<string | null>;
  settings(userId: string): Promise<UserSettingsInput>;
  updateSettings(userId: string, input: UserSettingsInput): Promise<void>;
  /** Stores the photo through the media pipeline; answers its stored path. */
  savePhoto(userId: string, kind: 'profile' | 'cover', upload: ReceivedUpload): Promise<string>;
  deactivate(userId: string): Promise<void>;
}

/** Business constants of SPEC.md 9. */

export const APP_VERSION = '1.1';

export const LANGUAGES = [
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'id', name: 'Bahasa Indonesia', dir: 'ltr' },
  { code: 'it', name: 'Italiano', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'ko', name: '한국어', dir: 'ltr' },
  { code: 'ms', name: 'Bahasa Melayu', dir: 'ltr' },
  { code: 'pt', name: 'Português', dir: 'ltr' },
  { code: 'ru', name: 'Русский', dir: 'ltr' },
  { code: 'th', name: 'ไทย', dir: 'ltr' },
  { code: 'tr', name: 'Türkçe', dir: 'ltr' },
  { code: 'zh', name: '中文', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'ar';
export const LANGUAGE_COOKIE = 'lang';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

export function directionOf(language: LanguageCode): 'rtl' | 'ltr' {
  return LANGUAGES.find((entry) => entry.code === language)?.dir ?? 'ltr';
}

export const PAGE_SIZE = {
  items: 10,
  blogs: 30,
  categories: 30,
  chatHistory: 30,
  locations: 30,
  featured: 10,
  isUserBought: 30,
  /** Lookups the spec gives no size for use the locations size. */
  lookups: 30,
} as const;

/** Largest page any list accepts, whatever the caller asks for. */
export const MAX_PAGE_SIZE = 100;

export const PRICE_FORMAT = '#,##0.0';
export const MAP_SEARCH_RADIUS_MILES = 8;
export const INVALID_COORDINATE = '0.000000';
export const MAP_HEIGHT_PX = 280;
export const MAP_ZOOM = 15;
export const MAX_ITEM_IMAGES = 5;
export const MAX_VIDEO_SECONDS = 60;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const CARD_EXPIRY_FORMAT = 'MM/YY';

export const PROMOTION_PACKAGES = [
  { type: 1, days: 7 },
  { type: 1, days: 14 },
  { type: 1, days: 30 },
  { type: 1, days: 60 },
  { type: 2, days: 1 },
] as const;

export const PAYMENT_METHODS = ['paypal', 'stripe', 'razor', 'offline', 'paystack', 'In_App_Purchase'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ENABLED_FLAG = 1;

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A new sign-in code (e-mail or SMS) for the same address can be asked for this long after the last one. */
export const CODE_RESEND_SECONDS = 60;
export const PROGRESS_BAR_FINISH_MS = 3_500;
export const PUSH_NOTICE_MS = 10_000;
export const TOP_BAR_HIDE_THRESHOLD_PX = 30;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PLATFORM_NAME = 'frontend';
export const VISITOR_USER_ID = 'nologinuser';

export const ITEM_STATUS = { pending: 0, active: 1, disabled: 2, rejected: 3 } as const;
/** role_id values: administrators run the marketplace; moderators review listings and reports. */
export const ROLE = { user: 1, admin: 2, moderator: 3 } as const;
export const USER_STATUS = { pending: 0, active: 1, unpublished: 2, rejected: 3, deactivated: 4 } as const;

export const IMAGE_TYPES = [
  'item',
  'video',
  'video-icon',
  'profile',
  'cover',
  'chat',
  'blog',
  'category',
  'category-icon',
  'subcategory',
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const CHAT_MESSAGE_TYPE = { text: 0, image: 1, offer: 2, date: 3, sold: 4, bought: 5 } as const;
export const OFFER_STATUS = { none: 0, offer: 1, reject: 2, accept: 3, sold: 4, bought: 5 } as const;
export const PAID_FILTER = ['paid_item_first', 'only_paid_item'] as const;
export const PAID_AD_PROGRESS = ['Progress', 'Finished', 'Not yet start', 'not_available'] as const;
export const CALL_STATUS = ['SUCCESS', 'ERROR', 'BLOCK_LOADING', 'PROGRESS_LOADING', 'NOACTION'] as const;

export const SORT_OPTIONS = [
  { id: 1, name: 'LATEST', orderBy: 'added_date', orderType: 'desc' },
  { id: 2, name: 'POPULAR', orderBy: 'touch_count', orderType: 'desc' },
] as const;
export const DEFAULT_ITEM_STATUS_FILTER = ITEM_STATUS.active;

/** Error codes of SPEC.md 8 whose meaning the spec leaves open; used for "not allowed" and "not found". */
export const ERROR_CODES = { forbidden: 10001, notFound: 10002 } as const;

/** Social sign-in providers; each shows a button only when the site has configured it. */
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The message (locale key) shown when sign-in with a provider fails (SPEC.md 8). */
export const SOCIAL_LOGIN_FAILED: Record<SocialProvider, string> = {
  google: 'messages.googleLoginFailed',
  facebook: 'messages.facebookLoginFailed',
  apple: 'auth.appleFailed',
};

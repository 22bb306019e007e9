import type { ApplicationDecisionInput, BadgeApplication, BadgeKind, BadgeStanding } from './applications.ts';
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
import type { Banner, BannerEdit, ConsoleBanner } from './banners.ts';
import type { ChatKey, ChatListTab, ChatRecord, Conversation } from './chat.ts';
import type { Collection, CollectionEdit, ConsoleCollection } from './collections.ts';
import type {
  AccountSearch,
  AuditEntry,
  AuditFilter,
  CategoryCreate,
  CategoryEdit,
  CategoryPictureSlot,
  ConsoleAccount,
  ConsoleAccountDetail,
  ConsoleCategory,
  Dashboard,
  OperatorSettings,
  ReportedListing,
  ReporterRecord,
} from './console.ts';
import type { BlogEdit, ConsoleBlog, ConsoleBlogRow, ConsolePage, PageEdit } from './console-content.ts';
import type { ConsoleList, ConsoleListEntry, ConsoleListKind, ListEntryEdit } from './console-lists.ts';
import type { Blog, ContactMessageInput, ContentPage, ContentPageKind } from './content.ts';
import type { ItemEntryInput } from './item-entry.ts';
import type {
  Item,
  ItemCardView,
  ItemDetail,
  ModerationDecision,
  ModerationItem,
  OwnerList,
  OwnItemCard,
} from './items.ts';
import type { LanguageCode } from './language.ts';
import type { BumpInput, BumpResult, ListingUpkeep } from './listing-upkeep.ts';
import type { Category, Currency, ItemLocation, ListQuery, Lookup, PriceType, Subcategory } from './lookups.ts';
import type { ReceivedUpload } from './media.ts';
import type { Membership, MembershipBuy, MembershipOptions, MembershipStart } from './memberships.ts';
import type { Notification, NotificationPreferences } from './notifications.ts';
import type { Offer, OfferListTab } from './offers.ts';
import type { Paged } from './paging.ts';
import type { SavedCardList } from './payment-cards.ts';
import type {
  ConsoleCoupon,
  ConsoleOfflineMethod,
  ConsolePaidAdFilter,
  CouponEdit,
  OfflineMethodEdit,
  PaymentMethodState,
} from './payment-catalog.ts';
import type { ConsolePayment, ConsolePaymentFilter, OfflineReview, Payment, PaymentStart } from './payments.ts';
import type { ConsolePaidAd, PaidAd, PromoteInput, PromotionOptions, PromotionStart } from './promotions.ts';
import type { Review, ReviewStanding } from './ratings.ts';
import type { ConsoleReview } from './review-moderation.ts';
import type { SavedSearch, SavedSearchList } from './saved-searches.ts';
import type { ItemSearchQuery, ItemSearchResult, RailRequest, SearchSuggestion } from './search.ts';
import type { RegisterOutcome, RequestMeta, SignedIn, SignInOutcome, Viewer } from './session.ts';
import type { Relation, ReportedItem } from './social.ts';
import type { PersonCard, ProfileUpdateInput, User, UserSettingsInput } from './users.ts';

/**
 * The page port: exactly the operations page loaders and actions call, and nothing else (no ending other
 * people's sessions, no administration). server/services.ts builds it from the modules' page operations;
 * app/context.ts hands it to the routes. Each operation checks who is asking, as its service does for the API.
 */
export interface PageOperations extends CatalogPages, ContentPages {
  auth: AccountPages;
  users: ProfilePages;
  items: ItemPages;
  moderation: ModerationPages;
  console: ConsolePages;
  search: SearchPages;
  social: SocialPages;
  chat: ChatPages;
  ratings: RatingPages;
  notifications: NotificationPages;
  payments: PaymentPages;
}

/** Categories, subcategories, deal options and the cities a profile may pick (module lookups). */
export interface CatalogPages {
  listCategories(query: ListQuery, language: LanguageCode): Promise<Paged<Category>>;
  getCategory(catId: number, language: LanguageCode): Promise<Category | null>;
  listSubcategories(catId: number, query: ListQuery, language: LanguageCode): Promise<Paged<Subcategory>>;
  listDealOptions(query: ListQuery, language: LanguageCode): Promise<Paged<Lookup>>;
  /** The cities people can choose for their profile, in the page's language. */
  listCities(language: LanguageCode): Promise<Array<{ id: number; name: string }>>;
  /**
   * The names in the page's language of a published city and (when asked) of a published township of it, for
   * the location chosen in the header; null when the city, or the township in that city, is not offered.
   */
  placeNames(
    cityId: number,
    townshipId: number | null,
    language: LanguageCode,
  ): Promise<{ city: string; township: string | null } | null>;
  /** The dashboard's published banners, worded in the page's language. */
  listBanners(language: LanguageCode): Promise<Banner[]>;
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
  /** Public members by name (a name of at least 2 characters), none in a block with the viewer. */
  searchPeople(
    name: string,
    viewer: Pick<Viewer, 'userId' | 'isAdmin'> | null,
    page: PageWindow,
  ): Promise<Paged<PersonCard>>;
  cityName(cityId: number | null, language: LanguageCode): Promise<string | null>;
  settings(userId: string): Promise<UserSettingsInput>;
  updateSettings(userId: string, input: UserSettingsInput): Promise<void>;
  /** Stores the photo through the media pipeline; answers its stored path. */
  savePhoto(userId: string, kind: 'profile' | 'cover', upload: ReceivedUpload): Promise<string>;
  deactivate(userId: string): Promise<void>;
  /** Whether the member holds each badge, and their latest application for it. */
  badges(userId: string): Promise<BadgeStanding>;
  applyForBlueMark(userId: string, note: string, language: LanguageCode): Promise<void>;
  applyForDealership(
    userId: string,
    note: string,
    certificate: ReceivedUpload | undefined,
    language: LanguageCode,
  ): Promise<void>;
  cancelApplication(userId: string, kind: BadgeKind): Promise<void>;
}

/** A page of a list (SPEC.md 4: offset paging, load more). */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** Everything the item entry form offers to choose from, in the page's language (dependent lists excepted). */
export interface ItemEntryOptions {
  categories: Category[];
  item_types: Lookup[];
  price_types: PriceType[];
  currencies: Currency[];
  conditions: Lookup[];
  deal_options: Lookup[];
  locations: ItemLocation[];
  manufacturers: Lookup[];
  engine_statuses: Lookup[];
  transmissions: Lookup[];
  fuel_types: Lookup[];
  body_styles: Lookup[];
  colors: Lookup[];
  seller_types: Lookup[];
  vehicle_types: Lookup[];
}

/** Listings: posting, the item page, the seller's own lists (module items). Each checks who is asking. */
export interface ItemPages {
  /** The item as this viewer may see it; null when it does not exist, is deleted, or is hidden from them. */
  get(itemId: string, viewer: Viewer | null, language: LanguageCode): Promise<ItemDetail | null>;
  /** Active items of the same subcategory, newest first, without this one. */
  related(
    item: Pick<Item, 'id' | 'cat_id' | 'sub_cat_id'>,
    viewer: Viewer | null,
    language: LanguageCode,
  ): Promise<ItemCardView[]>;
  /** The seller's other active, unsold items the viewer may see, newest first, without this one. */
  sellerItems(
    item: Pick<Item, 'id' | 'added_user_id'>,
    viewer: Viewer | null,
    language: LanguageCode,
  ): Promise<ItemCardView[]>;
  /**
   * Active items of the same subcategory (else category) in `cityId`, else in the item's own city, newest first,
   * without this one: up to two rails' worth, so that the page can leave out what its related rail shows.
   */
  similarInCity(
    item: Pick<Item, 'id' | 'cat_id' | 'sub_cat_id' | 'item_location_id'>,
    cityId: number | null,
    viewer: Viewer | null,
    language: LanguageCode,
  ): Promise<ItemCardView[]>;
  /**
   * Counts a view of a shown item once per viewer and day: the account, else the visitor's id from their signed
   * cookie (AppContext.visitorId); no account and no id (a bot) counts nothing.
   */
  countView(itemId: string, viewer: Viewer | null, visitorId: string | null): Promise<void>;
  /** How many members revealed the listing's seller's phone (one a day each); null unless the viewer owns it. */
  contactCount(viewer: Viewer, itemId: string): Promise<number | null>;
  /** Puts a shown item at the front of the viewer's recently viewed (never their own; at most 30 kept). */
  rememberView(itemId: string, viewer: Viewer): Promise<void>;
  /** The listings the viewer opened lately and may still see, the latest first. */
  recentlyViewed(viewer: Viewer, language: LanguageCode): Promise<ItemCardView[]>;
  /** Forgets every listing the viewer opened. */
  clearRecentlyViewed(viewer: Viewer): Promise<void>;
  entryOptions(language: LanguageCode): Promise<ItemEntryOptions>;
  /** The same choices for list filters: at most a minute old. */
  filterOptions(language: LanguageCode): Promise<ItemEntryOptions>;
  create(viewer: Viewer, input: ItemEntryInput, language: LanguageCode): Promise<ItemDetail>;
  update(viewer: Viewer, itemId: string, input: ItemEntryInput, language: LanguageCode): Promise<ItemDetail>;
  /** Soft delete: the row stays (deleted_at), its photos and video are removed. */
  remove(viewer: Viewer, itemId: string): Promise<void>;
  setSoldOut(viewer: Viewer, itemId: string, soldOut: boolean): Promise<void>;
  /** The viewer's own items in one of their lists (rejected includes disabled, each with its reason), newest first. */
  listMine(viewer: Viewer, list: OwnerList, page: PageWindow, language: LanguageCode): Promise<Paged<OwnItemCard>>;
  /** A seller's sold items as the viewer may see them (their profile). */
  listSoldBy(
    userId: string,
    viewer: Viewer | null,
    page: PageWindow,
    language: LanguageCode,
  ): Promise<Paged<ItemCardView>>;
}

/** The moderation queue (SPEC.md 6 admin approves or rejects listings): refused (403) unless the viewer is an admin. */
export interface ModerationPages {
  /** Items waiting for a decision first (pending), then the rest by last change; `status` narrows to one status. */
  queue(
    viewer: Viewer,
    filter: { status: number | null },
    page: PageWindow,
    language: LanguageCode,
  ): Promise<Paged<ModerationItem>>;
  /** Reject and disable need a reason. */
  decide(viewer: Viewer, itemId: string, decision: ModerationDecision, reason: string | null): Promise<void>;
  /** One decision for the selected items; those deleted meanwhile are skipped. */
  decideMany(
    viewer: Viewer,
    itemIds: string[],
    decision: ModerationDecision,
    reason: string | null,
  ): Promise<{ decided: string[]; skipped: string[] }>;
}

/**
 * Discovery (module search). Public lists hold active, not deleted items of active, not banned sellers;
 * a signed-in viewer never sees items they reported, nor those of a user in a block with them.
 */
export interface SearchPages {
  /** One page of an item list: every filter of SPEC.md 2, text, radius, order and keyset paging. */
  items(query: ItemSearchQuery, viewer: Viewer | null, language: LanguageCode): Promise<ItemSearchResult<ItemCardView>>;
  /** The first cards of each rail, in the order asked: no count, no next page (a rail's "See all" opens its list). */
  rails(requests: RailRequest[], viewer: Viewer | null, language: LanguageCode): Promise<ItemCardView[][]>;
  /** Items of the sellers the viewer follows, newest first. */
  fromFollowed(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<ItemCardView>>;
  /** Titles, categories, subcategories and brands starting with what was typed (the search box). */
  suggest(prefix: string, language: LanguageCode): Promise<SearchSuggestion[]>;
  /** Public items per category and per subcategory, as counted at most a minute ago. */
  activeItemCounts(): Promise<{ categories: Record<number, number>; subcategories: Record<number, number> }>;
  /** The dashboard's published collections, in their order, named in the page's language. */
  listCollections(language: LanguageCode): Promise<Collection[]>;
  /** The viewer's saved searches, newest first, with their new-match counts (issue 22). */
  savedSearches(viewer: Viewer): Promise<SavedSearchList>;
  /** The viewer runs one of their saved searches: its matches are seen; answers it (404 when not theirs). */
  runSavedSearch(viewer: Viewer, savedSearchId: string): Promise<SavedSearch>;
}

/** Favourites, follows, blocks and reports (module social): the lists pages show; toggles go through the API. */
export interface SocialPages {
  /** How the viewer stands towards someone (following them or not). */
  relation(viewer: Viewer, userId: string): Promise<Relation>;
  /** The people following someone, or whom they follow; 404 when the viewer may not see that person. */
  followers(userId: string, viewer: Viewer | null, page: PageWindow): Promise<Paged<User>>;
  following(userId: string, viewer: Viewer | null, page: PageWindow): Promise<Paged<User>>;
  favouriteItems(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<ItemCardView>>;
  blockedUsers(viewer: Viewer, page: PageWindow): Promise<Paged<User>>;
  reportedItems(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<ReportedItem>>;
}

/** Conversations and offers (module chat): what the chat screens load; messages and offer steps go through the API. */
export interface ChatPages {
  /** The conversation named by item, buyer and seller with its latest messages; the buyer's first visit starts it. */
  open(viewer: Viewer, key: ChatKey, language: LanguageCode): Promise<Conversation>;
  list(viewer: Viewer, tab: ChatListTab, page: PageWindow, language: LanguageCode): Promise<Paged<ChatRecord>>;
  offers(viewer: Viewer, tab: OfferListTab, page: PageWindow, language: LanguageCode): Promise<Paged<Offer>>;
}

/** Reviews (module ratings). */
export interface RatingPages {
  /** Someone's reviews, the latest first; 404 when the viewer may not see that person. */
  reviews(userId: string, viewer: Viewer | null, page: PageWindow, language: LanguageCode): Promise<Paged<Review>>;
  /** Whether the viewer may review someone, and the review they gave. */
  standing(viewer: Viewer, userId: string, language: LanguageCode): Promise<ReviewStanding>;
}

/** Paid promotion and the payer's payments (issue 23): each operation checks who asks. */
export interface PaymentPages {
  /** What the owner may buy for a listing; 404 when it is not theirs, 409 when it is not active. */
  promotionOptions(viewer: Viewer, itemId: string, language: LanguageCode): Promise<PromotionOptions>;
  promote(viewer: Viewer, input: PromoteInput, language: LanguageCode): Promise<PromotionStart>;
  paidAds(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<PaidAd>>;
  payments(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<Payment>>;
  /** One payment (its receipt); 404 when it is not the viewer's. */
  payment(viewer: Viewer, paymentId: string, language: LanguageCode): Promise<Payment>;
  /** Back from the provider: asks it how the payment stands. */
  refreshPayment(viewer: Viewer, paymentId: string, language: LanguageCode): Promise<Payment>;
  /** Each method's keys set on the server or not, and offered now or not (administrators only). */
  paymentMethodStates(viewer: Viewer): Promise<PaymentMethodState[]>;
  /** The console's payments (administrators only). */
  consolePayments(
    viewer: Viewer,
    filter: ConsolePaymentFilter,
    page: PageWindow,
    language: LanguageCode,
  ): Promise<Paged<ConsolePayment>>;
  /** An operator approves an offline payment (what it paid for starts) or rejects it with a reason. */
  reviewPayment(viewer: Viewer, paymentId: string, review: OfflineReview, language: LanguageCode): Promise<Payment>;
  /** An operator refunds a succeeded payment through its provider (what it paid for ends). */
  refundPayment(viewer: Viewer, paymentId: string, language: LanguageCode): Promise<Payment>;
  /** The console's paid ads: running now, or all (administrators only). */
  consolePaidAds(
    viewer: Viewer,
    filter: ConsolePaidAdFilter,
    page: PageWindow,
    language: LanguageCode,
  ): Promise<Paged<ConsolePaidAd>>;
  /** The console's offline methods and coupons (administrators only); a null id adds one. */
  consoleOfflineMethods(viewer: Viewer): Promise<ConsoleOfflineMethod[]>;
  consoleOfflineMethod(viewer: Viewer, methodId: number): Promise<ConsoleOfflineMethod>;
  saveOfflineMethod(viewer: Viewer, methodId: number | null, edit: OfflineMethodEdit): Promise<ConsoleOfflineMethod>;
  consoleCoupons(viewer: Viewer): Promise<ConsoleCoupon[]>;
  consoleCoupon(viewer: Viewer, couponId: number): Promise<ConsoleCoupon>;
  saveCoupon(viewer: Viewer, couponId: number | null, edit: CouponEdit): Promise<ConsoleCoupon>;
  /** How to finish an unpaid payment of the viewer's (the step its start gave); 404 when it is not theirs. */
  paymentNextStep(viewer: Viewer, paymentId: string, language: LanguageCode): Promise<PaymentStart>;
  /** The membership on sale, the enabled methods and the viewer's own membership. */
  membershipOptions(viewer: Viewer, language: LanguageCode): Promise<MembershipOptions>;
  /** Starts buying the membership; 409 (api.membershipOff) when it is not on sale. */
  buyMembership(viewer: Viewer, input: MembershipBuy, language: LanguageCode): Promise<MembershipStart>;
  /** The viewer's memberships, the latest first. */
  membershipHistory(viewer: Viewer): Promise<Membership[]>;
  /** The viewer's saved cards (kept at the card provider); null when the provider did not answer. */
  savedCards(viewer: Viewer): Promise<SavedCardList | null>;
  /** The expiry, renewal and bumps of one of the viewer's listings; 404 when it is not theirs. */
  listingUpkeep(viewer: Viewer, itemId: string, language: LanguageCode): Promise<ListingUpkeep>;
  /** A free bump now, or a paid one started with the chosen method. */
  bump(viewer: Viewer, itemId: string, input: BumpInput, language: LanguageCode): Promise<BumpResult>;
}

/** The notification centre's pages (issue 22): each operation checks who asks. */
export interface NotificationPages {
  list(viewer: Viewer, page: PageWindow & { cursor?: string }, language: LanguageCode): Promise<Paged<Notification>>;
  /** Opening one marks it read; 404 when it is not the viewer's. */
  open(viewer: Viewer, id: number, language: LanguageCode): Promise<Notification>;
  markAllRead(viewer: Viewer): Promise<number>;
  unreadCount(viewer: Viewer): Promise<number>;
  preferences(viewer: Viewer): Promise<NotificationPreferences>;
  savePreferences(viewer: Viewer, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences>;
  /** The one-click unsubscribe of a mail, by its signed link (no sign-in). */
  unsubscribe(query: { u?: string; k?: string; s?: string }): Promise<void>;
}

/** The operator's console (issue 24): every operation refuses (403) anyone but an administrator. */
export interface ConsolePages {
  dashboard(viewer: Viewer): Promise<Dashboard>;
  searchAccounts(viewer: Viewer, query: Pick<AccountSearch, 'q'>, page: PageWindow): Promise<Paged<ConsoleAccount>>;
  account(viewer: Viewer, userId: string, language: LanguageCode): Promise<ConsoleAccountDetail>;
  decideOnAccount(viewer: Viewer, userId: string, action: ConsoleAccountAction): Promise<void>;
  auditLog(viewer: Viewer, filter: AuditFilter, page: PageWindow): Promise<Paged<AuditEntry>>;
  pendingApplications(viewer: Viewer, kind: BadgeKind, page: PageWindow): Promise<Paged<BadgeApplication>>;
  decideApplication(
    viewer: Viewer,
    kind: BadgeKind,
    applicationId: number,
    input: ApplicationDecisionInput,
  ): Promise<void>;
  settings(viewer: Viewer): Promise<OperatorSettings>;
  updateSettings(viewer: Viewer, input: OperatorSettings): Promise<OperatorSettings>;
  /** The operator's own groups of search words, as the console's text area holds them (a line each). */
  searchSynonyms(viewer: Viewer): Promise<string>;
  /** Replaces them with the groups of `text` (checked by searchSynonymsFormSchema); answers them as saved. */
  saveSearchSynonyms(viewer: Viewer, text: string): Promise<string>;
  /** One page of the reports queue: listings with open reports, the heaviest first. */
  reportsByListing(viewer: Viewer, page: PageWindow): Promise<Paged<ReportedListing>>;
  /** One page of the members with open reports, the most first. */
  reportsByReporter(viewer: Viewer, page: PageWindow): Promise<Paged<ReporterRecord>>;
  dismissListingReports(viewer: Viewer, itemId: string): Promise<number>;
  dismissReporter(viewer: Viewer, reporterId: string): Promise<number>;
  categories(viewer: Viewer): Promise<ConsoleCategory[]>;
  category(viewer: Viewer, catId: number): Promise<ConsoleCategory>;
  updateCategory(viewer: Viewer, catId: number, edit: CategoryEdit): Promise<ConsoleCategory>;
  createCategory(viewer: Viewer, edit: CategoryCreate): Promise<ConsoleCategory>;
  /** Refused with status 400 when no picture came with the form. */
  saveCategoryPicture(
    viewer: Viewer,
    catId: number,
    slot: CategoryPictureSlot,
    picture: ReceivedUpload | undefined,
  ): Promise<ConsoleCategory>;
  removeCategoryPicture(viewer: Viewer, catId: number, slot: CategoryPictureSlot): Promise<ConsoleCategory>;
  /** A lookup list, or one parent's part of it (models, subcategories, townships need the parent). */
  lookupList(
    viewer: Viewer,
    kind: ConsoleListKind,
    parentId: number | null,
    language: LanguageCode,
  ): Promise<ConsoleList>;
  lookupEntry(viewer: Viewer, kind: ConsoleListKind, id: number): Promise<ConsoleListEntry>;
  /** Adds an entry (id null) or changes one. */
  saveLookupEntry(
    viewer: Viewer,
    kind: ConsoleListKind,
    id: number | null,
    edit: ListEntryEdit,
  ): Promise<ConsoleListEntry>;
  /** A subcategory's photo (its card on the category's page), in place of the one before; or removed. */
  saveSubcategoryPhoto(viewer: Viewer, id: number, photo: ReceivedUpload | undefined): Promise<ConsoleListEntry>;
  removeSubcategoryPhoto(viewer: Viewer, id: number): Promise<ConsoleListEntry>;
  blogPosts(viewer: Viewer, page: PageWindow, language: LanguageCode): Promise<Paged<ConsoleBlogRow>>;
  blogPost(viewer: Viewer, blogId: number): Promise<ConsoleBlog>;
  /** Writes a new post (blogId null) or one language of a post. */
  saveBlogPost(viewer: Viewer, blogId: number | null, edit: BlogEdit): Promise<ConsoleBlog>;
  /** Refused with status 400 when no photo came with the form. */
  saveBlogPhoto(viewer: Viewer, blogId: number, upload: ReceivedUpload | undefined): Promise<ConsoleBlog>;
  deleteBlogPost(viewer: Viewer, blogId: number): Promise<void>;
  contentPage(viewer: Viewer, kind: ContentPageKind): Promise<ConsolePage>;
  saveContentPage(viewer: Viewer, kind: ContentPageKind, edit: PageEdit): Promise<ConsolePage>;
  banners(viewer: Viewer): Promise<ConsoleBanner[]>;
  banner(viewer: Viewer, bannerId: number): Promise<ConsoleBanner>;
  /** A new banner (bannerId null) needs its picture; an existing one keeps its own. */
  saveBanner(
    viewer: Viewer,
    bannerId: number | null,
    edit: BannerEdit,
    picture: ReceivedUpload | undefined,
  ): Promise<ConsoleBanner>;
  replaceBannerPicture(viewer: Viewer, bannerId: number, picture: ReceivedUpload | undefined): Promise<ConsoleBanner>;
  deleteBanner(viewer: Viewer, bannerId: number): Promise<void>;
  collections(viewer: Viewer): Promise<ConsoleCollection[]>;
  collection(viewer: Viewer, collectionId: number): Promise<ConsoleCollection>;
  /** A new collection (collectionId null) or an existing one's names, order and visibility. */
  saveCollection(viewer: Viewer, collectionId: number | null, edit: CollectionEdit): Promise<ConsoleCollection>;
  addToCollection(viewer: Viewer, collectionId: number, itemId: string): Promise<ConsoleCollection>;
  removeFromCollection(viewer: Viewer, collectionId: number, itemId: string): Promise<ConsoleCollection>;
  deleteCollection(viewer: Viewer, collectionId: number): Promise<void>;
  reviews(viewer: Viewer, page: PageWindow): Promise<Paged<ConsoleReview>>;
  setReviewHidden(viewer: Viewer, reviewId: number, hidden: boolean): Promise<void>;
  /** A notice for everyone; answers its id. */
  broadcast(viewer: Viewer, input: { title: string; message: string }): Promise<number>;
  /** Cards of listings the console names (a collection's), whatever their state, in the order given. */
  listingCards(viewer: Viewer, itemIds: string[], language: LanguageCode): Promise<ItemCardView[]>;
}

/** What an operator does to an account from its console page. */
export const CONSOLE_ACCOUNT_ACTIONS = ['ban', 'unban', 'verify', 'end-sessions'] as const;
export type ConsoleAccountAction = (typeof CONSOLE_ACCOUNT_ACTIONS)[number];

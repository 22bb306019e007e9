export { type AccountRow, type IdentityProvider, UserAccounts } from './accounts.ts';
export { type AccountCounts, registerUserCounters, repairUserCounters } from './counters.ts';
export { isPublicAccount, type SellerMarks, sellerMarksJson } from './fragments.ts';
export { type UsersPageOperations, usersPageOperations } from './page-operations.ts';
export { isPhoneOnlyEmail, PHONE_EMAIL_DOMAIN, phoneOnlyEmail } from './phone-only-email.ts';
export {
  type AccountStatusName,
  accountStatusName,
  hasProvenOwner,
  isAdmin,
  isPublic,
  mayHoldSession,
  maySignIn,
  type SignInRefusal,
  signInRefusal,
} from './policy.ts';
export { contactOf, photoAddress, presentSeller, presentViewer } from './presenter.ts';
export { userRoutes } from './routes.ts';
/**
 * The one table handed out of its module: better-auth's drizzle adapter keeps the account's sign-in fields in
 * it (auth/library.ts only; the architecture test holds that). Everything else of users goes through the
 * service and UserAccounts.
 */
export { users as authLibraryUsersTable } from './schema.ts';
export {
  ADMIN_ACTIONS,
  type AdminAction,
  MAX_PHOTO_BYTES,
  type PhotoKind,
  type ProfileRelations,
  UsersService,
} from './service.ts';
export { type BlockBetween, UserSearch } from './user-search.ts';

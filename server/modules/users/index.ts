export { registerUserCounters } from './events.ts';
export { type UsersPageOperations, usersPageOperations } from './page-operations.ts';
export { isPhoneOnlyEmail, PHONE_EMAIL_DOMAIN, phoneOnlyEmail } from './phone-only-email.ts';
export {
  hasProvenOwner,
  isAdmin,
  isPublic,
  mayHoldSession,
  maySignIn,
  type SignInRefusal,
  signInRefusal,
} from './policy.ts';
export { photoAddress, presentSeller, presentViewer } from './presenter.ts';
export { userRoutes } from './routes.ts';
export {
  ADMIN_ACTIONS,
  type AdminAction,
  MAX_PHOTO_BYTES,
  type PhotoKind,
  type ProfileRelations,
  UsersService,
} from './service.ts';

export { registerSessionEndings } from './events.ts';
export { type AuthLibrary, createAuthLibrary } from './library.ts';
export { type AuthPageOperations, authPageOperations } from './page-operations.ts';
export { accountRoutes } from './routes/account.ts';
export { authCallbackRoutes } from './routes/callbacks.ts';
export { authRoutes } from './routes/sign-in.ts';
export { authSecret } from './secret.ts';
export {
  type AuthService,
  authServiceFor,
  type PendingVerification,
  type RegisterOutcome,
  type RequestMeta,
  type SignedIn,
  type Viewer,
} from './service.ts';

import { ROLE, USER_STATUS } from '../../../contract/users.ts';

/**
 * Who may do what with an account, as pure predicates over its row: the one place the account states of
 * SPEC.md 4 turn into permissions. Auth (sign-in, sessions, the auth library's hooks) and users ask here.
 */

/** The columns that say whether the owner proved an address or a number. */
export interface Proofs {
  emailVerify: boolean;
  phoneVerify: boolean;
  googleVerify: boolean;
  facebookVerify: boolean;
  appleVerify: boolean;
}

export interface AccountState {
  status: number;
  isBanned: boolean;
}

/**
 * Whether the owner has proved an address or a number: the e-mailed code, the texted code, or a social
 * provider vouching for the e-mail. No session is ever issued on an account without one.
 */
export function hasProvenOwner(account: Proofs) {
  return (
    account.emailVerify || account.phoneVerify || account.googleVerify || account.facebookVerify || account.appleVerify
  );
}

/**
 * Whether the account may keep (or be given) a session: not banned, not deactivated. These states can change
 * while a session is open, so every request asks again.
 */
export function mayHoldSession(account: AccountState) {
  return !account.isBanned && account.status !== USER_STATUS.deactivated;
}

/** Why an account may not sign in: banned, deactivated, or nobody proved it is theirs yet. */
export type SignInRefusal = 'banned' | 'deactivated' | 'unproven';

export function signInRefusal(account: AccountState & Proofs): SignInRefusal | null {
  if (account.isBanned) return 'banned';
  if (account.status === USER_STATUS.deactivated) return 'deactivated';
  if (!hasProvenOwner(account)) return 'unproven';
  return null;
}

/** Whether the account may sign in, whatever the method: it may hold a session and its owner is proven. */
export function maySignIn(account: AccountState & Proofs) {
  return signInRefusal(account) === null;
}

/** Whether others may see the account and deal with it: active and not banned. */
export function isPublic(account: AccountState) {
  return account.status === USER_STATUS.active && !account.isBanned;
}

/** Whether the account runs the site: the system administrator flag or the admin role (not moderators). */
export function isAdmin(account: { userIsSysAdmin: boolean; roleId: number }) {
  return account.userIsSysAdmin || account.roleId === ROLE.admin;
}

/** An account's state as the clients' app info names it (user_status; a visitor is `nologinuser`). */
export type AccountStatusName = 'active' | 'pending' | 'unpublished' | 'rejected' | 'deleted' | 'banned';

const STATUS_NAMES: Record<number, AccountStatusName> = {
  [USER_STATUS.pending]: 'pending',
  [USER_STATUS.active]: 'active',
  [USER_STATUS.unpublished]: 'unpublished',
  [USER_STATUS.rejected]: 'rejected',
  [USER_STATUS.deactivated]: 'deleted',
};

/** A ban outranks every state: a banned account is `banned` whatever its status. */
export function accountStatusName(account: AccountState): AccountStatusName {
  if (account.isBanned) return 'banned';
  return STATUS_NAMES[account.status] ?? 'pending';
}

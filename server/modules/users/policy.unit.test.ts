import { describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '../../../contract/users.ts';
import {
  accountStatusName,
  hasProvenOwner,
  isAdmin,
  isPublic,
  mayHoldSession,
  maySignIn,
  signInRefusal,
} from './policy.ts';

const unproven = {
  emailVerify: false,
  phoneVerify: false,
  googleVerify: false,
  facebookVerify: false,
  appleVerify: false,
};
const account = (change = {}) => ({
  status: USER_STATUS.active,
  isBanned: false,
  ...unproven,
  emailVerify: true,
  ...change,
});

describe('account policy', () => {
  it('counts any proof of an address or number', () => {
    expect(hasProvenOwner(unproven)).toBe(false);
    for (const proof of Object.keys(unproven)) expect(hasProvenOwner({ ...unproven, [proof]: true })).toBe(true);
  });

  it('refuses sign-in to the banned, the deactivated and the unproven, in that order', () => {
    expect(signInRefusal(account())).toBeNull();
    expect(signInRefusal(account({ isBanned: true, status: USER_STATUS.deactivated }))).toBe('banned');
    expect(signInRefusal(account({ status: USER_STATUS.deactivated }))).toBe('deactivated');
    expect(signInRefusal(account({ emailVerify: false }))).toBe('unproven');
    expect(maySignIn(account({ status: USER_STATUS.pending }))).toBe(true);
  });

  it('ends the sessions of the banned and deactivated; shows only active, unbanned accounts', () => {
    expect(mayHoldSession(account())).toBe(true);
    expect(mayHoldSession(account({ isBanned: true }))).toBe(false);
    expect(mayHoldSession(account({ status: USER_STATUS.deactivated }))).toBe(false);
    expect(isPublic(account())).toBe(true);
    expect(isPublic(account({ status: USER_STATUS.unpublished }))).toBe(false);
    expect(isPublic(account({ isBanned: true }))).toBe(false);
  });

  it('takes the system flag or the admin role for an admin, not a moderator', () => {
    expect(isAdmin({ userIsSysAdmin: true, roleId: ROLE.user })).toBe(true);
    expect(isAdmin({ userIsSysAdmin: false, roleId: ROLE.admin })).toBe(true);
    expect(isAdmin({ userIsSysAdmin: false, roleId: ROLE.moderator })).toBe(false);
  });

  it('names the account state for app info, a ban first', () => {
    expect(accountStatusName(account())).toBe('active');
    expect(accountStatusName(account({ status: USER_STATUS.deactivated }))).toBe('deleted');
    expect(accountStatusName(account({ isBanned: true, status: USER_STATUS.deactivated }))).toBe('banned');
    expect(accountStatusName(account({ status: USER_STATUS.pending }))).toBe('pending');
    expect(accountStatusName(account({ status: USER_STATUS.rejected }))).toBe('rejected');
    expect(accountStatusName(account({ status: USER_STATUS.unpublished }))).toBe('unpublished');
  });
});

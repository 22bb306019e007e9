import type { AuthService } from './service.ts';

/**
 * What pages may ask of the account module: signing up, in and out, and the signed-in user's own sign-in
 * details. Ending other people's sessions and the library's internals stay on the server.
 */
export function authPageOperations(auth: AuthService) {
  return {
    enabledSocialProviders: auth.enabledSocialProviders.bind(auth),
    defaultCountry: auth.defaultCountry.bind(auth),
    register: auth.register.bind(auth),
    verifyEmail: auth.verifyEmail.bind(auth),
    resendEmailCode: auth.resendEmailCode.bind(auth),
    login: auth.login.bind(auth),
    logout: auth.logout.bind(auth),
    forgotPassword: auth.forgotPassword.bind(auth),
    resetPassword: auth.resetPassword.bind(auth),
    sendPhoneCode: auth.sendPhoneCode.bind(auth),
    verifyPhoneCode: auth.verifyPhoneCode.bind(auth),
    startSocialSignIn: auth.startSocialSignIn.bind(auth),
    hasPassword: auth.hasPassword.bind(auth),
    changePassword: auth.changePassword.bind(auth),
    updateProfile: auth.updateProfile.bind(auth),
    requestEmailChange: auth.requestEmailChange.bind(auth),
    resendEmailChangeCode: auth.resendEmailChangeCode.bind(auth),
    cancelEmailChange: auth.cancelEmailChange.bind(auth),
    confirmEmailChange: auth.confirmEmailChange.bind(auth),
    sendPhoneChangeCode: auth.sendPhoneChangeCode.bind(auth),
    confirmPhoneChange: auth.confirmPhoneChange.bind(auth),
    clearedSessionCookies: auth.clearedSessionCookies.bind(auth),
  };
}

export type AuthPageOperations = ReturnType<typeof authPageOperations>;

import { AppError, notFound } from '../../kernel/errors.ts';

/** The social module's refusals, each with its translated message (app/i18n/locales/<lang>/api.json). */
export const cannotActOnSelf = () => new AppError(403, 'api.socialSelf');
export const blockedPair = () => new AppError(403, 'api.socialBlocked');
export const userNotFound = () => new AppError(404, 'users.notFound');
export const itemNotFound = () => notFound('api.itemNotFound');
export const alreadyReported = () => new AppError(409, 'api.itemAlreadyReported');

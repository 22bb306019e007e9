import { AppError, notFound } from '../../kernel/errors.ts';

/** The chat module's refusals, each with its translated message (app/i18n/locales/<lang>/api.json). */
export const chatNotFound = () => notFound('api.chatNotFound');
export const notYourChat = () => new AppError(403, 'api.chatNotYours');
export const ownItemChat = () => new AppError(403, 'api.chatOwnItem');
export const blockedChat = () => new AppError(403, 'api.chatBlocked');
export const itemClosedToChat = () => new AppError(409, 'api.chatItemClosed');
export const personUnavailable = () => new AppError(409, 'api.chatPersonUnavailable');
export const onlyBuyerOffers = () => new AppError(403, 'api.offerOnlyBuyer');
export const onlySellerDecides = () => new AppError(403, 'api.offerOnlySeller');
export const itemAlreadySold = () => new AppError(409, 'api.offerItemSold');
export const offerAlreadyAccepted = () => new AppError(409, 'api.offerAlreadyAccepted');
export const noOpenOffer = () => new AppError(409, 'api.offerNotOpen');
export const alreadySoldHere = () => new AppError(409, 'api.chatAlreadySold');
export const tooManyMessages = 'api.chatTooManyMessages';

import type { PaymentPages } from '../../../contract/pages.ts';
import { AppError } from '../../kernel/errors.ts';
import type { MembershipsService } from '../memberships/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { BumpService } from './bumps.ts';
import type { PromotionsService } from './service.ts';

/** What pages may ask about promotion and payments: the same operations as the API, each checking who asks. */
export function promotionPageOperations(
  promotions: PromotionsService,
  payments: PaymentsService,
  memberships: MembershipsService,
  bumps: BumpService,
): PaymentPages {
  return {
    promotionOptions: (viewer, itemId, language) => promotions.options(viewer, itemId, language),
    promote: (viewer, input, language) => promotions.promote(viewer, input, language),
    paidAds: (viewer, page, language) => promotions.paidAds(viewer, page, language),
    payments: (viewer, page, language) => payments.lists.ofPayer(viewer.userId, page, language),
    payment: (viewer, paymentId, language) => payments.one(viewer, paymentId, language),
    refreshPayment: (viewer, paymentId, language) => payments.refresh(viewer, paymentId, language),
    paymentNextStep: (viewer, paymentId, language) => payments.nextStep(viewer, paymentId, language),
    paymentMethodStates: (viewer) => payments.methodStates(viewer),
    consolePayments: (viewer, filter, page, language) => payments.operatorList(viewer, filter, page, language),
    reviewPayment: (viewer, paymentId, review, language) => payments.reviewOffline(viewer, paymentId, review, language),
    refundPayment: (viewer, paymentId, language) => payments.refund(viewer, paymentId, language),
    consolePaidAds: (viewer, filter, page, language) => promotions.operatorPaidAds(viewer, filter, page, language),
    consoleOfflineMethods: (viewer) => payments.catalog.offlineMethods(viewer),
    consoleOfflineMethod: (viewer, methodId) => payments.catalog.offlineMethod(viewer, methodId),
    saveOfflineMethod: (viewer, methodId, edit) => payments.catalog.saveOfflineMethod(viewer, methodId, edit),
    consoleCoupons: (viewer) => payments.catalog.coupons(viewer),
    consoleCoupon: (viewer, couponId) => payments.catalog.coupon(viewer, couponId),
    saveCoupon: (viewer, couponId, edit) => payments.catalog.saveCoupon(viewer, couponId, edit),
    membershipOptions: (viewer, language) => memberships.options(viewer, language),
    buyMembership: (viewer, input, language) => memberships.buy(viewer, input, language),
    membershipHistory: (viewer) => memberships.history(viewer),
    savedCards: (viewer) =>
      payments.cards.list(viewer).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 503) return null;
        throw error;
      }),
    listingUpkeep: (viewer, itemId, language) => bumps.upkeep(viewer, itemId, language),
    bump: (viewer, itemId, input, language) => bumps.bump(viewer, itemId, input, language),
  };
}

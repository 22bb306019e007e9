import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import { membershipBuySchema } from '../../../contract/memberships.ts';
import type { PageOperations } from '../../../contract/pages.ts';
import { PAYER_REFERENCE_MAX } from '../../../contract/payments.ts';
import type { Viewer } from '../../../contract/session.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import type { BuyMembershipResult, MembershipPage } from './membership.ts';
import {
  COUPON_REFUSALS,
  choiceErrorsOf,
  PAYMENT_REFUSALS,
  paymentInputOf,
  type Refusal,
  refusalOfPurchase,
  refusedForm,
  textOf,
} from './payment-form.server.ts';

/** The membership on sale, the viewer's own and their history, and the buy form's one-time key. */
export async function loadMembership(
  services: PageOperations,
  viewer: Viewer,
  language: LanguageCode,
): Promise<MembershipPage> {
  const [options, history] = await Promise.all([
    services.payments.membershipOptions(viewer, language),
    services.payments.membershipHistory(viewer),
  ]);
  return { options, history, idempotencyKey: randomUUID(), now: Date.now(), referenceMax: PAYER_REFERENCE_MAX };
}

/** Where each refusal of buying the membership is shown, in the page's words; keyed by the refusal's name. */
const REFUSALS = new Map<string, Refusal>(
  Object.entries({
    ...PAYMENT_REFUSALS,
    ...COUPON_REFUSALS,
    membershipOff: { key: 'payments.refusals.membershipOff' },
  }),
);

const SENT_FIELDS = ['payment_choice', 'offline_reference', 'coupon_code'];

/**
 * Sends the membership form (it works without JavaScript): checked with the contract's schema, then the
 * membership booked and its payment started; PayPal and Paystack take it on their own page. A refusal is shown
 * beside the field it is about, or above the form.
 */
export async function buyMembership(
  services: PageOperations,
  viewer: Viewer,
  form: Record<string, FormDataEntryValue>,
  language: LanguageCode,
) {
  const text = textOf(form);
  const values = Object.fromEntries(SENT_FIELDS.map((name) => [name, text(name)]));
  const parsed = membershipBuySchema.safeParse({ ...paymentInputOf(text), coupon_code: text('coupon_code') });
  if (!parsed.success)
    return refusedForm(choiceErrorsOf(fieldErrors(parsed.error)), 'payments.promote.fixErrors', values);
  try {
    const start = await services.payments.buyMembership(viewer, parsed.data, language);
    if (start.payment.action.kind === 'redirect') return redirect(start.payment.action.url);
    return data<BuyMembershipResult>({ ok: true, start });
  } catch (error) {
    return refusalOfPurchase(error, REFUSALS, values);
  }
}

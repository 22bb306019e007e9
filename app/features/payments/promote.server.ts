import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import { isAppError } from '../../../contract/errors.ts';
import { isTimeZone } from '../../../contract/format.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageOperations } from '../../../contract/pages.ts';
import { PAYER_REFERENCE_MAX } from '../../../contract/payments.ts';
import { PROMOTION_MAX_LEAD_DAYS, promoteInputSchema } from '../../../contract/promotions.ts';
import type { Viewer } from '../../../contract/session.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import { instantOfWallClock } from '../../lib/zoned-time.ts';
import {
  choiceErrorsOf,
  PAYMENT_REFUSALS,
  paymentInputOf,
  type Refusal,
  refusalOfPurchase,
  refusedForm,
  textOf,
} from './payment-form.server.ts';
import type { PromoteResult, Promotion } from './promotion.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

/** The Promote form of one of the viewer's listings; 404 for any other listing (its existence is not told). */
export async function loadPromotion(
  services: PageOperations,
  viewer: Viewer,
  itemId: string,
  language: LanguageCode,
): Promise<Promotion> {
  if (!UUID.test(itemId)) throw data(null, { status: 404 });
  const item = await services.items.get(itemId.toLowerCase(), viewer, language);
  if (!item?.is_owner) throw data(null, { status: 404 });
  const { id, title, item_name, price, item_currency: currency, default_photo } = item;
  const item_currency = currency && { id: currency.id, currency_symbol: currency.currency_symbol };
  const now = Date.now();
  const promotion = {
    listing: { id, title, item_name, price, item_currency, default_photo },
    idempotencyKey: randomUUID(),
    now,
    latestStart: now + PROMOTION_MAX_LEAD_DAYS * DAY_MS,
    referenceMax: PAYER_REFERENCE_MAX,
  };
  try {
    return { ...promotion, options: await services.payments.promotionOptions(viewer, id, language), notActive: false };
  } catch (error) {
    if (isAppError(error) && error.status === 409) return { ...promotion, options: null, notActive: true };
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** The form's fields as the promote operation takes them: the start read in the reader's time zone. */
function promoteInputOf(form: Record<string, FormDataEntryValue>, zoneOfRequest: string | null) {
  const text = textOf(form);
  const zone = isTimeZone(text('time_zone')) ? text('time_zone') : (zoneOfRequest ?? 'UTC');
  // The field's default is "now": sent unchanged however long the form stayed open, it still means now.
  const startsNow = text('start_now') !== '' && text('start_now') === text('start_date');
  const start = startsNow ? Date.now() : instantOfWallClock(text('start_date'), zone);
  return {
    item_id: text('item_id'),
    days: text('days'),
    start_date: start === null ? '' : new Date(start).toISOString(),
    ...paymentInputOf(text),
  };
}

/**
 * Where each refusal of the promote operation is shown, beside a field or above the form, in the page's words
 * (the API's own texts are the server's: pages never load them). Keyed by the refusal's name.
 */
const REFUSALS = new Map<string, Refusal>(
  Object.entries({
    ...PAYMENT_REFUSALS,
    promotionDate: { field: 'start_date', key: 'validation.promotionDate' },
    promotionOverlaps: { field: 'start_date', key: 'payments.refusals.overlaps' },
    promotionsOff: { key: 'payments.refusals.promotionsOff' },
    promotionItemNotActive: { key: 'payments.refusals.notActive' },
  }),
);

/**
 * Sends the Promote form (it works without JavaScript): checked with the contract's schema, then booked and its
 * payment started; a refusal is shown beside the field it is about, or above the form.
 */
export async function promote(
  services: PageOperations,
  viewer: Viewer,
  form: Record<string, FormDataEntryValue>,
  request: { zone: string | null; language: LanguageCode },
) {
  const values = Object.fromEntries(
    ['days', 'start_date', 'payment_choice', 'offline_reference'].map((name) => [name, String(form[name] ?? '')]),
  );
  const parsed = promoteInputSchema.safeParse(promoteInputOf(form, request.zone));
  if (!parsed.success)
    return refusedForm(choiceErrorsOf(fieldErrors(parsed.error)), 'payments.promote.fixErrors', values);
  try {
    const start = await services.payments.promote(viewer, parsed.data, request.language);
    // PayPal and Paystack take the payment on their own page; the payer comes back to the payment's receipt.
    if (start.payment.action.kind === 'redirect') return redirect(start.payment.action.url);
    return data<PromoteResult>({ ok: true, start });
  } catch (error) {
    return refusalOfPurchase(error, REFUSALS, values);
  }
}

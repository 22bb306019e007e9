import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import type { LanguageCode } from '../../../contract/language.ts';
import { bumpInputSchema } from '../../../contract/listing-upkeep.ts';
import type { PageOperations } from '../../../contract/pages.ts';
import { PAYER_REFERENCE_MAX } from '../../../contract/payments.ts';
import type { Viewer } from '../../../contract/session.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import type { BumpFormResult, BumpPage } from './bump.ts';
import {
  choiceErrorsOf,
  PAYMENT_REFUSALS,
  paymentInputOf,
  type Refusal,
  refusalOfPurchase,
  refusedForm,
  textOf,
} from './payment-form.server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The bump page of one of the viewer's listings; 404 for any other listing (its existence is not told). */
export async function loadBump(
  services: PageOperations,
  viewer: Viewer,
  itemId: string | null,
  language: LanguageCode,
): Promise<BumpPage> {
  if (!itemId || !UUID.test(itemId)) throw data(null, { status: 404 });
  const item = await services.items.get(itemId.toLowerCase(), viewer, language);
  if (!item?.is_owner) throw data(null, { status: 404 });
  const { id, title, item_name, price, item_currency: currency, default_photo } = item;
  const item_currency = currency && { id: currency.id, currency_symbol: currency.currency_symbol };
  return {
    listing: { id, title, item_name, price, item_currency, default_photo },
    upkeep: await services.payments.listingUpkeep(viewer, id, language),
    idempotencyKey: randomUUID(),
    referenceMax: PAYER_REFERENCE_MAX,
  };
}

/** Where each refusal of a bump is shown, in the page's words; keyed by the refusal's name. */
const REFUSALS = new Map<string, Refusal>(
  Object.entries({
    ...PAYMENT_REFUSALS,
    bumpNeedsPayment: { field: 'payment_choice', key: 'payments.bump.needsPayment' },
    bumpNoneLeft: { key: 'payments.bump.noneLeft' },
    bumpNotActive: { key: 'payments.bump.notActive' },
    bumpsOff: { key: 'payments.bump.off' },
  }),
);

/**
 * Sends the bump form (it works without JavaScript): free while one is left, else paid with the chosen method
 * (PayPal and Paystack take it on their own page). A refusal is shown beside the method, or above the form.
 */
export async function sendBump(
  services: PageOperations,
  viewer: Viewer,
  form: Record<string, FormDataEntryValue>,
  language: LanguageCode,
) {
  const text = textOf(form);
  const values = { payment_choice: text('payment_choice'), offline_reference: text('offline_reference') };
  const itemId = text('item_id');
  if (!UUID.test(itemId)) throw data(null, { status: 404 });
  const input = text('payment_choice') ? paymentInputOf(text) : { idempotency_key: text('idempotency_key') };
  const parsed = bumpInputSchema.safeParse(input);
  if (!parsed.success)
    return refusedForm(choiceErrorsOf(fieldErrors(parsed.error)), 'payments.promote.fixErrors', values);
  try {
    const result = await services.payments.bump(viewer, itemId.toLowerCase(), parsed.data, language);
    if (result.payment?.action.kind === 'redirect') return redirect(result.payment.action.url);
    return data<BumpFormResult>({ ok: true, result });
  } catch (error) {
    return refusalOfPurchase(error, REFUSALS, values);
  }
}

import { data } from 'react-router';
import { type AppErrorShape, isAppError } from '../../../contract/errors.ts';
import type { FieldErrors, FormResult } from '../../lib/form-errors.ts';

/** A form field's text ('' when it was not sent, or was a file). */
export const textOf = (form: Record<string, FormDataEntryValue>) => (name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';

/**
 * The payment part of a purchase form (Promote, the membership) as the API takes it: the chosen method, or an
 * offline method and the transfer's reference, and the form's one-time key.
 */
export function paymentInputOf(text: (name: string) => string) {
  const [method, offlineId] = text('payment_choice').split(':');
  return {
    payment_method: method || undefined,
    ...(method === 'offline' && offlineId ? { offline_payment_id: offlineId } : {}),
    offline_reference: method === 'offline' ? text('offline_reference') : '',
    idempotency_key: text('idempotency_key') || undefined,
  };
}

/** A refusal of the server's, shown beside a field or above the form, in the page's words. */
export interface Refusal {
  field?: string;
  key: string;
}

/**
 * The payments module's refusals of any purchase, keyed by the refusal's name (the API's own texts are the
 * server's: pages never load them).
 */
export const PAYMENT_REFUSALS: Record<string, Refusal> = {
  paymentMethodOff: { field: 'payment_choice', key: 'payments.refusals.methodOff' },
  offlineMethodUnknown: { field: 'payment_choice', key: 'payments.refusals.offlineUnknown' },
  paymentProviderUnavailable: { key: 'payments.refusals.providerDown' },
  paymentKeyReused: { key: 'payments.refusals.keyReused' },
};

/** A coupon's refusals, beside the coupon field. */
export const COUPON_REFUSALS: Record<string, Refusal> = Object.fromEntries(
  ['couponUnknown', 'couponNotYetValid', 'couponExpired', 'couponUsedUp', 'couponUsedByYou', 'couponOtherCurrency'].map(
    (name) => [name, { field: 'coupon_code', key: `payments.refusals.${name}` }],
  ),
);

/** 'api.promotionOverlaps' → 'promotionOverlaps'. */
export const refusalName = (messageKey: string) => messageKey.slice(messageKey.lastIndexOf('.') + 1);

/** The contract's field names as the form names them (the method and the offline method are one choice). */
export function choiceErrorsOf(errors: FieldErrors): FieldErrors {
  const { payment_method, offline_payment_id, ...rest } = errors;
  const choice = payment_method ?? offline_payment_id;
  return choice ? { ...rest, payment_choice: choice } : rest;
}

/**
 * How a refusal of a purchase is shown: in the page's words when the page knows it (`refusals`), a page-wide one
 * (errors.tooManyRequests, with its seconds) as it is, anything else as the generic error.
 */
export function shownRefusal(
  error: AppErrorShape,
  refusals: Map<string, Refusal>,
): Refusal & { values?: Record<string, string | number> } {
  const known = refusals.get(refusalName(error.messageKey));
  if (known) return known;
  if (!error.messageKey.startsWith('errors.')) return { key: 'errors.generic' };
  const values = Object.fromEntries(
    Object.entries(error.values ?? {}).filter(
      (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
  return { key: error.messageKey, values };
}

/** A purchase form refused: the problems beside their fields or above the form, and what was sent kept. */
export function refusedForm(
  errors: FieldErrors,
  formError: string,
  values: Record<string, string>,
  status = 400,
  formErrorValues?: Record<string, string | number>,
) {
  return data<FormResult>({ ok: false, errors, formError, formErrorValues, values }, { status });
}

/**
 * How a purchase form answers the server's refusal: a listing or payment not the payer's is the page's 404, a
 * refusal the page knows is shown beside its field or above the form, and any other failure is thrown.
 */
export function refusalOfPurchase(error: unknown, refusals: Map<string, Refusal>, values: Record<string, string>) {
  if (!isAppError(error)) throw error;
  if (error.status === 404) throw data(null, { status: 404 });
  if (!refusals.has(refusalName(error.messageKey)) && error.status >= 500) throw error;
  const { field, key, values: keyValues } = shownRefusal(error, refusals);
  return field
    ? refusedForm({ [field]: key }, 'payments.promote.fixErrors', values, error.status)
    : refusedForm({}, key, values, error.status, keyValues);
}

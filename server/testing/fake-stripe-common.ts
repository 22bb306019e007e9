import { randomBytes } from 'node:crypto';

/** What the parts of the fake Stripe (fake-stripe*.ts) share: its form parameters, answers and refusals. */

/** Form parameters as Stripe reads them: `metadata[user_id]=u1&expand[0]=x` → { metadata: { user_id }, expand: { 0 } }. */
export type Form = { [key: string]: string | Form };

export type Answer = { status: number; body: unknown };

/** A refused request, thrown by a handler and answered with Stripe's error envelope. */
export class Refusal extends Error {
  answer: Answer;
  constructor(status: number, error: Record<string, unknown>) {
    super(String(error.message));
    this.answer = { status, body: { error } };
  }
}

export function missing(resource: string, id: string): never {
  throw new Refusal(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: resource === 'payment_intent' ? 'intent' : resource,
    message: `No such ${resource}: '${id}'`,
  });
}

export function parameterMissing(param: string) {
  return new Refusal(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
}

export function positiveInteger(params: Form, param: string) {
  const value = text(params[param]);
  if (value === undefined) throw parameterMissing(param);
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param,
      message: `Invalid ${param}: must be an integer greater than or equal to 1.`,
    });
  }
  return Number(value);
}

export const text = (value: string | Form | undefined) => (typeof value === 'string' ? value : undefined);
export const group = (value: string | Form | undefined): Form => (typeof value === 'object' ? value : {});
export const list = (value: string | Form | undefined) =>
  Object.values(group(value)).filter((item) => typeof item === 'string');
export const strings = (value: string | Form | undefined) =>
  Object.fromEntries(
    Object.entries(group(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
export const ok = (body: unknown): Answer => ({ status: 200, body: structuredClone(body) });
export const snapshot = <T>(value: T): T => structuredClone(value);
export const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

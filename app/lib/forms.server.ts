import { data } from 'react-router';
import type { z } from 'zod';
import { isAppError } from '../../contract/errors.ts';
import { type FieldErrors, type FormResult, fieldErrors } from './form-errors.ts';

/** The fields of a posted page form, by name (files never come this way: the server hands them over as uploads). */
export async function formFields(request: Request): Promise<Record<string, FormDataEntryValue>> {
  return Object.fromEntries(await request.formData());
}

/**
 * The page form action: `fields` checked with the contract's `schema` (its problems answer 400 with the field
 * errors), then `operation` with the parsed input; a refusal the operation throws becomes the form's message.
 */
export async function submitForm<S extends z.ZodType, R>(
  schema: S,
  fields: unknown,
  operation: (input: z.output<S>) => Promise<R> | R,
) {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return formFailure(fieldErrors(parsed.error));
  return withRefusals(() => operation(parsed.data));
}

/** Runs an action's work; a refusal it throws (an AppError under 500) becomes the form's message. */
export async function withRefusals<R>(work: () => Promise<R> | R) {
  try {
    return await work();
  } catch (error) {
    return refusedForm(error);
  }
}

/** A refused form: field errors, or a message (locale key) for the whole form. */
export function formFailure(
  errors: FieldErrors,
  status = 400,
  formError?: string,
  extra: Pick<FormResult, 'formErrorValues' | 'retryAfter'> = {},
) {
  return data<FormResult>({ ok: false, errors, formError, ...extra }, { status });
}

/** A service's refusal (AppError, status under 500) as the form's message; anything else is rethrown. */
export function refusedForm(error: unknown) {
  if (!isAppError(error) || error.status >= 500) throw error;
  const { status, messageKey, values, retryAfterSeconds } = error;
  return formFailure({}, status, messageKey, {
    ...(values ? { formErrorValues: values as FormResult['formErrorValues'] } : {}),
    ...(retryAfterSeconds ? { retryAfter: retryAfterSeconds } : {}),
  });
}

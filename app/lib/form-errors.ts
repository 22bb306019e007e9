import type { z } from 'zod';

/** Field name → locale key of its first problem (contract/ schemas report keys as messages). */
export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
    // A nested field (names.ar) is named in full too: the form shows the message beside that input.
    if (issue.path.length > 1) errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}

/** A refused form, as page actions answer it. */
export type FormResult = {
  ok: false;
  errors: FieldErrors;
  formError?: string;
  /** Values of the form message's placeholders ({{seconds}} of 'auth.resendTooSoon'). */
  formErrorValues?: Record<string, string | number>;
  /** Seconds before the refused request may be tried again (a code asked for too soon). */
  retryAfter?: number;
  values?: Record<string, string>;
};

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VALIDATION } from '../../contract/fields.ts';
import { submitForm, withRefusals } from './forms.server.ts';

const schema = z.object({ name: z.string().min(1, VALIDATION.required) });
const refusal = (status: number) =>
  Object.assign(new Error('refused'), {
    status,
    code: status,
    messageKey: 'errors.tooManyRequests',
    values: { seconds: 42 },
    retryAfterSeconds: 42,
  });

/** What a page action answered: the data and status of a `data()` result. */
const answer = (result: unknown) => result as { data: unknown; init: { status?: number } | null };

describe('page form actions', () => {
  it('answers the field errors of a form the schema refuses, without calling the operation', async () => {
    let called = false;
    const result = answer(await submitForm(schema, { name: '' }, () => (called = true)));
    expect(called).toBe(false);
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({ ok: false, errors: { name: VALIDATION.required }, formError: undefined });
  });

  it('calls the operation with the parsed input and answers what it returns', async () => {
    expect(await submitForm(schema, { name: 'Lina', extra: 'dropped' }, (input) => input)).toEqual({ name: 'Lina' });
  });

  it("turns a service's refusal into the form's message, with its values and wait", async () => {
    const result = answer(
      await withRefusals(() => {
        throw refusal(429);
      }),
    );
    expect(result.init?.status).toBe(429);
    expect(result.data).toEqual({
      ok: false,
      errors: {},
      formError: 'errors.tooManyRequests',
      formErrorValues: { seconds: 42 },
      retryAfter: 42,
    });
  });

  it('lets anything else through: crashes, server errors and redirects', async () => {
    const crash = new Error('database down');
    await expect(withRefusals(() => Promise.reject(crash))).rejects.toBe(crash);
    await expect(withRefusals(() => Promise.reject(refusal(503)))).rejects.toMatchObject({ status: 503 });
    const redirect = new Response(null, { status: 302, headers: { Location: '/login' } });
    await expect(withRefusals(() => Promise.reject(redirect))).rejects.toBe(redirect);
  });
});

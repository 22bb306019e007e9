import { describe, expect, it } from 'vitest';
import type { PageOperations } from '../../../contract/pages.ts';
import type { PromoteInput, PromotionStart } from '../../../contract/promotions.ts';
import type { Viewer } from '../../../contract/session.ts';
import { promote } from './promote.server.ts';
import type { PromoteResult } from './promotion.ts';

const ITEM_ID = '3f1c2a7e-1d4b-4c2a-9e1f-0a1b2c3d4e5f';
const viewer = { userId: 'demo-user-03' } as Viewer;
const STARTED = { paid_ad: {}, payment: { action: { kind: 'none' } } } as PromotionStart;

/** An AppError as services throw it (contract/errors.ts). */
const refusal = (status: number, messageKey: string) =>
  Object.assign(new Error(messageKey), { status, code: status, messageKey });

/** The page operations with `promote` answering `answer` (or throwing it), and what it was asked. */
function servicesAnswering(answer: PromotionStart | Error) {
  const asked: PromoteInput[] = [];
  const services = {
    payments: {
      promote: async (_viewer: Viewer, input: PromoteInput) => {
        asked.push(input);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  } as unknown as PageOperations;
  return { services, asked };
}

const form = (fields: Record<string, string> = {}) => ({
  item_id: ITEM_ID,
  days: '7',
  start_date: '2099-12-01T10:00',
  time_zone: 'Asia/Riyadh',
  payment_choice: 'offline:2',
  offline_reference: ' TRX-1 ',
  idempotency_key: 'a1b2c3d4-e5f6',
  ...fields,
});

const send = (services: PageOperations, fields: Record<string, string>) =>
  promote(services, viewer, fields, { zone: null, language: 'en' });
const resultOf = (answer: Awaited<ReturnType<typeof promote>>) =>
  answer as unknown as { data: PromoteResult; init: { status?: number } | null };

describe('the Promote form', () => {
  it('reads the start in the reader’s time zone and the offline method out of the chosen payment', async () => {
    const { services, asked } = servicesAnswering(STARTED);
    const answer = resultOf(await send(services, form()));
    expect(answer.data).toEqual({ ok: true, start: STARTED });
    expect(asked).toEqual([
      {
        item_id: ITEM_ID,
        days: 7,
        start_date: '2099-12-01T07:00:00.000Z',
        payment_method: 'offline',
        offline_payment_id: 2,
        offline_reference: 'TRX-1',
        idempotency_key: 'a1b2c3d4-e5f6',
      },
    ]);
  });

  it('takes the start the form suggested, sent unchanged, as now however long the form stayed open', async () => {
    const { services, asked } = servicesAnswering(STARTED);
    const before = Date.now();
    await send(services, form({ start_date: '2020-01-01T10:00', start_now: '2020-01-01T10:00' }));
    expect(Date.parse(asked[0]?.start_date ?? '')).toBeGreaterThanOrEqual(before);
  });

  it('sends the payer to the provider’s own page when the payment is taken there (PayPal, Paystack)', async () => {
    const onPayPal = {
      ...STARTED,
      payment: { action: { kind: 'redirect', url: 'https://paypal.test/checkout?token=EC-1' } },
    };
    const { services, asked } = servicesAnswering(onPayPal as PromotionStart);
    const answer = await send(services, form({ payment_choice: 'paypal' }));
    expect(asked[0]).toMatchObject({ payment_method: 'paypal', offline_reference: '' });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as unknown as Response).headers.get('location')).toBe('https://paypal.test/checkout?token=EC-1');
  });

  it('sends no offline method nor reference with a card payment', async () => {
    const { services, asked } = servicesAnswering(STARTED);
    await send(services, form({ payment_choice: 'stripe' }));
    expect(asked[0]).toMatchObject({ payment_method: 'stripe', offline_reference: '' });
    expect(asked[0]).not.toHaveProperty('offline_payment_id');
  });

  it('shows the contract’s problems beside the fields, the method’s beside the payment choice', async () => {
    const { services, asked } = servicesAnswering(STARTED);
    const answer = resultOf(await send(services, form({ payment_choice: '', start_date: 'tomorrow' })));
    expect(asked).toEqual([]);
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      formError: 'payments.promote.fixErrors',
      errors: { start_date: 'validation.promotionDate', payment_choice: 'validation.required' },
      values: { start_date: 'tomorrow', payment_choice: '' },
    });
  });

  it('puts the service’s refusals where they belong, in the page’s words', async () => {
    const cases: Array<[Error, number, Partial<PromoteResult>]> = [
      [refusal(400, 'validation.promotionDate'), 400, { errors: { start_date: 'validation.promotionDate' } }],
      [refusal(409, 'api.promotionOverlaps'), 409, { errors: { start_date: 'payments.refusals.overlaps' } }],
      [refusal(400, 'api.paymentMethodOff'), 400, { errors: { payment_choice: 'payments.refusals.methodOff' } }],
      [refusal(503, 'api.paymentProviderUnavailable'), 503, { formError: 'payments.refusals.providerDown' }],
      [refusal(409, 'api.promotionItemNotActive'), 409, { formError: 'payments.refusals.notActive' }],
      [refusal(409, 'api.somethingNew'), 409, { formError: 'errors.generic' }],
    ];
    for (const [error, status, shown] of cases) {
      const answer = resultOf(await send(servicesAnswering(error).services, form()));
      expect(answer.init?.status, error.message).toBe(status);
      expect(answer.data, error.message).toMatchObject({ ok: false, ...shown });
    }
  });

  it('answers 404 for a listing that is not the viewer’s, and lets a failure of the server through', async () => {
    await expect(send(servicesAnswering(refusal(404, 'api.itemNotFound')).services, form())).rejects.toMatchObject({
      init: { status: 404 },
    });
    await expect(send(servicesAnswering(new Error('database down')).services, form())).rejects.toThrow('database down');
  });
});

import { describe, expect, it } from 'vitest';
import type { Membership, MembershipBuy, MembershipStart } from '../../../contract/memberships.ts';
import type { PageOperations } from '../../../contract/pages.ts';
import type { Viewer } from '../../../contract/session.ts';
import { buyMembership } from './membership.server.ts';
import { type BuyMembershipResult, stateOf, unavailableReason } from './membership.ts';

const viewer = { userId: 'demo-user-03' } as Viewer;
const STARTED = { membership: {}, payment: { action: { kind: 'none' } } } as MembershipStart;

/** An AppError as services throw it (contract/errors.ts). */
const refusal = (status: number, messageKey: string) =>
  Object.assign(new Error(messageKey), { status, code: status, messageKey });

/** The page operations with `buyMembership` answering `answer` (or throwing it), and what it was asked. */
function servicesAnswering(answer: MembershipStart | Error) {
  const asked: MembershipBuy[] = [];
  const services = {
    payments: {
      buyMembership: async (_viewer: Viewer, input: MembershipBuy) => {
        asked.push(input);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  } as unknown as PageOperations;
  return { services, asked };
}

const form = (fields: Record<string, string> = {}) => ({
  intent: 'membership',
  payment_choice: 'offline:2',
  offline_reference: ' TRX-9 ',
  coupon_code: '',
  idempotency_key: 'a1b2c3d4-e5f6',
  ...fields,
});

const send = (services: PageOperations, fields: Record<string, string>) =>
  buyMembership(services, viewer, fields, 'en');
const resultOf = (answer: Awaited<ReturnType<typeof buyMembership>>) =>
  answer as unknown as { data: BuyMembershipResult; init: { status?: number } | null };

describe('the membership form', () => {
  it('reads the offline method and its reference out of the chosen payment, and no coupon from an empty field', async () => {
    const { services, asked } = servicesAnswering(STARTED);
    const answer = resultOf(await send(services, form()));
    expect(answer.data).toEqual({ ok: true, start: STARTED });
    expect(asked).toEqual([
      {
        payment_method: 'offline',
        offline_payment_id: 2,
        offline_reference: 'TRX-9',
        idempotency_key: 'a1b2c3d4-e5f6',
        coupon_code: undefined,
      },
    ]);
  });

  it('sends a card payment without offline details, with the coupon typed', async () => {
    const { services, asked } = servicesAnswering(STARTED);
    await send(services, form({ payment_choice: 'stripe', coupon_code: ' WELCOME-10 ' }));
    expect(asked[0]).toMatchObject({ payment_method: 'stripe', offline_reference: '', coupon_code: 'WELCOME-10' });
    expect(asked[0]).not.toHaveProperty('offline_payment_id');
  });

  it('sends the payer to the provider’s own page when the payment is taken there (PayPal, Paystack)', async () => {
    const onPaystack = { ...STARTED, payment: { action: { kind: 'redirect', url: 'https://paystack.test/pay/1' } } };
    const { services } = servicesAnswering(onPaystack as MembershipStart);
    const answer = await send(services, form({ payment_choice: 'paystack' }));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as unknown as Response).headers.get('location')).toBe('https://paystack.test/pay/1');
  });

  it('shows the contract’s problems beside the fields and keeps what was typed', async () => {
    const { services, asked } = servicesAnswering(STARTED);
    const answer = resultOf(await send(services, form({ payment_choice: '', coupon_code: 'no spaces!' })));
    expect(asked).toEqual([]);
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      formError: 'payments.promote.fixErrors',
      errors: { payment_choice: 'validation.required', coupon_code: 'validation.outOfRange' },
      values: { payment_choice: '', coupon_code: 'no spaces!' },
    });
  });

  it('puts the service’s refusals where they belong, in the page’s words', async () => {
    const cases: Array<[Error, number, Partial<BuyMembershipResult>]> = [
      [refusal(409, 'api.membershipOff'), 409, { formError: 'payments.refusals.membershipOff' }],
      [refusal(400, 'api.couponExpired'), 400, { errors: { coupon_code: 'payments.refusals.couponExpired' } }],
      [
        refusal(400, 'api.offlineMethodUnknown'),
        400,
        { errors: { payment_choice: 'payments.refusals.offlineUnknown' } },
      ],
      [refusal(503, 'api.paymentProviderUnavailable'), 503, { formError: 'payments.refusals.providerDown' }],
      [refusal(409, 'api.paymentKeyReused'), 409, { formError: 'payments.refusals.keyReused' }],
      [refusal(409, 'api.somethingNew'), 409, { formError: 'errors.generic' }],
      [
        Object.assign(refusal(429, 'errors.tooManyRequests'), { values: { seconds: 42 } }),
        429,
        { formError: 'errors.tooManyRequests', formErrorValues: { seconds: 42 } },
      ],
    ];
    for (const [error, status, shown] of cases) {
      const answer = resultOf(await send(servicesAnswering(error).services, form()));
      expect(answer.init?.status, error.message).toBe(status);
      expect(answer.data, error.message).toMatchObject({ ok: false, ...shown });
    }
  });

  it('lets a failure of the server through', async () => {
    await expect(send(servicesAnswering(new Error('database down')).services, form())).rejects.toThrow('database down');
  });
});

describe('the membership on sale', () => {
  const options = {
    days: 30,
    amount: '49.00',
    currency: 'SAR',
    listings_per_day: 0,
    free_bumps: 0,
    bump_days: 7,
    member_until: null,
  };
  it('is off without days or a price, and cannot be paid for without a method the page takes', () => {
    const offline = {
      methods: ['offline' as const],
      offline_methods: [{ id: 1, title: 'Bank', description: '', icon: '' }],
    };
    expect(unavailableReason({ ...options, ...offline })).toBeNull();
    expect(unavailableReason({ ...options, ...offline, days: 0 })).toBe('off');
    expect(unavailableReason({ ...options, ...offline, amount: '0.00' })).toBe('off');
    expect(unavailableReason({ ...options, methods: ['In_App_Purchase'], offline_methods: [] })).toBe('noMethods');
    expect(unavailableReason({ ...options, methods: ['razor'], offline_methods: [] })).toBeNull();
    expect(unavailableReason({ ...options, methods: ['offline'], offline_methods: [] })).toBe('noMethods');
  });

  it('tells a paid membership that has not started, runs or has ended', () => {
    const now = Date.parse('2026-05-10T00:00:00Z');
    const paid = (start: string, end: string) => ({ status: 'active', start_date: start, end_date: end }) as Membership;
    expect(stateOf(paid('2026-05-01T00:00:00Z', '2026-05-31T00:00:00Z'), now)).toBe('active');
    expect(stateOf(paid('2026-05-31T00:00:00Z', '2026-06-30T00:00:00Z'), now)).toBe('upcoming');
    expect(stateOf(paid('2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z'), now)).toBe('ended');
    expect(stateOf({ status: 'pending', start_date: null, end_date: null } as Membership, now)).toBe('pending');
  });
});

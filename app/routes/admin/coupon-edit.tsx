import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { isAppError } from '../../../contract/errors.ts';
import { serialIdSchema } from '../../../contract/ids.ts';
import { couponEditSchema } from '../../../contract/payment-catalog.ts';
import { CouponForm } from '../../features/console/coupon-form.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/coupon-edit';

/** "new", or the id of an existing coupon; anything else is not found. */
function couponIdOf(params: Route.LoaderArgs['params']) {
  if (params.couponId === 'new') return null;
  const parsed = serialIdSchema.safeParse(params.couponId);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const couponId = couponIdOf(params);
  if (couponId === null) return { coupon: null };
  try {
    return { coupon: await context.get(appContext).services.payments.consoleCoupon(viewer, couponId) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** Adds or saves the coupon; back to the list with a notice, or the refused fields as sent. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const couponId = couponIdOf(params);
  const form = await formFields(request);
  const values = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)]));
  const parsed = couponEditSchema.safeParse(values);
  if (!parsed.success) return data<FormResult>({ ok: false, errors: fieldErrors(parsed.error), values }, 400);
  const result = await withRefusals(async () => {
    await context.get(appContext).services.payments.saveCoupon(viewer, couponId, parsed.data);
    return redirect('/admin/payments/coupons', {
      headers: { 'Set-Cookie': await flashCookie(context, 'console.coupons.saved') },
    });
  });
  if (result instanceof Response) return result;
  return data<FormResult>({ ...result.data, values }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleCouponsTitle', description: 'meta.consoleDescription' });

export default function ConsoleCouponEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CouponForm
      key={loaderData.coupon?.id ?? 'new'}
      coupon={loaderData.coupon}
      failure={actionData as FormResult | undefined}
    />
  );
}

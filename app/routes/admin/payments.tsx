import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { PAGE_SIZE } from '../../../contract/paging.ts';
import { CONSOLE_PAYMENT_FILTERS, type ConsolePaymentFilter, offlineReviewSchema } from '../../../contract/payments.ts';
import { MoneyTabs } from '../../features/console/money-tabs.tsx';
import { ConsolePayments } from '../../features/payments/console-payments.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import type { FormResult } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/payments';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const filterOf = (request: Request): ConsolePaymentFilter => {
  const asked = new URL(request.url).searchParams.get('status');
  return CONSOLE_PAYMENT_FILTERS.find((each) => each === asked) ?? 'pending_review';
};

/** Transfers waiting for approval first (the operator's queue), or every payment. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const language = await pageLanguage(request);
  const filter = filterOf(request);
  const page = { limit: PAGE_SIZE.items, offset: 0 };
  const firstPage = await context.get(appContext).services.payments.consolePayments(viewer, filter, page, language);
  return { filter, firstPage, language };
}

const NOTICES = {
  approve: 'console.payments.approved',
  reject: 'console.payments.rejected',
  refund: 'console.payments.refunded',
} as const;

/** Approves or rejects a transfer, or refunds a payment; back to the same list with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const form = await formFields(request);
  const paymentId = typeof form.payment_id === 'string' && UUID.test(form.payment_id) ? form.payment_id : null;
  const intent = form.intent === 'approve' || form.intent === 'reject' || form.intent === 'refund' ? form.intent : null;
  if (!paymentId || !intent)
    return data<FormResult>({ ok: false, errors: {}, formError: 'errors.invalidRequest' }, 400);
  const { services } = context.get(appContext);
  const language = await pageLanguage(request);
  const result = await withRefusals(async () => {
    if (intent === 'refund') await services.payments.refundPayment(viewer, paymentId, language);
    else {
      const review = offlineReviewSchema.parse({ decision: intent, reason: form.reason ?? '' });
      await services.payments.reviewPayment(viewer, paymentId, review, language);
    }
    const back = `/admin/payments?status=${filterOf(request)}`;
    return redirect(back, { headers: { 'Set-Cookie': await flashCookie(context, NOTICES[intent]) } });
  });
  if (result instanceof Response) return result;
  return data<FormResult>(result.data, result.init ?? 400);
}

export const handle = { i18n: ['console', 'payments'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consolePaymentsTitle', description: 'meta.consoleDescription' });

export default function ConsolePaymentsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ConsolePayments
      filter={loaderData.filter}
      firstPage={loaderData.firstPage}
      language={loaderData.language}
      tabs={<MoneyTabs />}
    />
  );
}

import { useState } from 'react';
import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { isAppError } from '../../../contract/errors.ts';
import type { LanguageCode } from '../../../contract/language.ts';
import type { PageOperations } from '../../../contract/pages.ts';
import type { PaymentStart } from '../../../contract/payments.ts';
import type { Viewer } from '../../../contract/session.ts';
import { FinishPaying } from '../../features/payments/finish-paying.tsx';
import { PaymentReceipt } from '../../features/payments/payment-receipt.tsx';
import { signedInPayer } from '../../features/payments/signed-in.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useViewer } from '../../lib/viewer.ts';
import type { Route } from './+types/payment-receipt';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One of the viewer's payments; 404 for any other (someone else's payment is not told apart from none). */
async function paymentOf(
  services: PageOperations,
  viewer: Viewer,
  paymentId: string | undefined,
  language: LanguageCode,
  ask: 'read' | 'refresh',
) {
  if (!paymentId || !UUID.test(paymentId)) throw data(null, { status: 404 });
  try {
    return await (ask === 'refresh' ? services.payments.refreshPayment : services.payments.payment)(
      viewer,
      paymentId.toLowerCase(),
      language,
    );
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * /payments/{paymentId}: the receipt of one of the signed-in person's payments. Back from a provider's own page
 * (?returned=1, with &cancelled=1 when the payer gave up there), the server first asks the provider.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = signedInPayer(request, context);
  const { services } = context.get(appContext);
  const query = new URL(request.url).searchParams;
  const returned = query.has('returned') ? { cancelled: query.has('cancelled') } : null;
  const language = await pageLanguage(request);
  const payment = await paymentOf(services, viewer, params.paymentId, language, returned ? 'refresh' : 'read');
  // An unpaid payment can still be finished from here, by its payer (an operator reading it gets 404: null).
  const nextStep =
    payment.status === 'requires_action'
      ? await services.payments.paymentNextStep(viewer, payment.id, language).catch((error: unknown) => {
          if (isAppError(error) && error.status === 404) return null;
          throw error;
        })
      : null;
  return { payment, returned, nextStep };
}

/** "Check the payment again": the server asks the provider how an unfinished payment stands. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = signedInPayer(request, context);
  const { services } = context.get(appContext);
  const payment = await paymentOf(services, viewer, params.paymentId, await pageLanguage(request), 'refresh');
  return redirect(`/payments/${payment.id}`, {
    headers: { 'Set-Cookie': await flashCookie(context, 'payments.receipt.refreshed') },
  });
}

export const handle = { i18n: ['payments', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.receiptTitle', description: 'meta.paymentsDescription' });

export default function PaymentReceiptPage({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  const { payment, nextStep } = loaderData;
  // Once paid from here the data read again has no next step; the step stays to say how the payment went.
  const [answered, setAnswered] = useState<PaymentStart | null>(null);
  const finishing = nextStep ?? (answered?.payment.id === payment.id ? answered : null);
  return (
    <PaymentReceipt
      payment={payment}
      payerName={viewer?.userName ?? ''}
      returned={loaderData.returned}
      finish={finishing && <FinishPaying key={payment.id} start={finishing} onAnswer={() => setAnswered(finishing)} />}
    />
  );
}

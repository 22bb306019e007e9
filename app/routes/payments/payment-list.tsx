import { appContext } from '#app-context';
import { PAGE_SIZE } from '../../../contract/paging.ts';
import { offsetOf } from '../../features/items/lists/my-items.server.ts';
import { PaymentList } from '../../features/payments/payment-list.tsx';
import { signedInPayer } from '../../features/payments/signed-in.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/payment-list';

/** The signed-in person's payments, the latest first (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = signedInPayer(request, context);
  const language = await pageLanguage(request);
  const window = { limit: PAGE_SIZE.items, offset: offsetOf(request) };
  return { firstPage: await context.get(appContext).services.payments.payments(viewer, window, language), language };
}

export const handle = { i18n: ['payments'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.paymentsTitle', description: 'meta.paymentsDescription' });

export default function PaymentListPage({ loaderData }: Route.ComponentProps) {
  return <PaymentList firstPage={loaderData.firstPage} language={loaderData.language} />;
}

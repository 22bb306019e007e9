import { appContext } from '#app-context';
import { SavedCardsPage } from '../../features/payments/saved-cards-page.tsx';
import { signedInPayer } from '../../features/payments/signed-in.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/payment-cards';

/** The signed-in person's saved cards (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = signedInPayer(request, context);
  return { list: await context.get(appContext).services.payments.savedCards(viewer) };
}

export const handle = { i18n: ['payments', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.savedCardsTitle', description: 'meta.savedCardsDescription' });

export default function PaymentCards({ loaderData }: Route.ComponentProps) {
  return <SavedCardsPage list={loaderData.list} />;
}

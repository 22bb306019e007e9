import { useLocation } from 'react-router';
import { appContext } from '#app-context';
import { loadBump, sendBump } from '../../features/payments/bump.server.ts';
import type { BumpFormResult } from '../../features/payments/bump.ts';
import { BumpPage } from '../../features/payments/bump-page.tsx';
import { signedInPayer } from '../../features/payments/signed-in.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { formFields } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/bump';
import { ListingSummary } from './listing-summary.tsx';

/**
 * /bump?item_id= (issue 23): move one of the signed-in owner's listings to the top of "Latest", free or paid
 * (404 for anyone else's listing). A visitor goes to login and back.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = signedInPayer(request, context);
  const itemId = new URL(request.url).searchParams.get('item_id');
  return loadBump(context.get(appContext).services, viewer, itemId, await pageLanguage(request));
}

/** Bumps: at once when free; offline, it waits for an operator; by card, the card step; PayPal or Paystack, their page. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = signedInPayer(request, context);
  const form = await formFields(request);
  return sendBump(context.get(appContext).services, viewer, form, await pageLanguage(request));
}

export const handle = { i18n: ['items', 'payments', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.bumpTitle', description: 'meta.bumpDescription' });

export default function Bump({ loaderData, actionData }: Route.ComponentProps) {
  // A new visit of the page (not the same one read again) starts with the form.
  const { key: visit } = useLocation();
  return (
    <BumpPage
      key={`${loaderData.listing.id}:${visit}`}
      page={loaderData}
      result={actionData as BumpFormResult | undefined}
      listing={<ListingSummary listing={loaderData.listing} />}
    />
  );
}

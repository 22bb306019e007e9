import { useLocation } from 'react-router';
import { appContext } from '#app-context';
import { PAGE_SIZE } from '../../../contract/paging.ts';
import { offsetOf } from '../../features/items/lists/my-items.server.ts';
import { PaidItemsPage } from '../../features/payments/paid-items-page.tsx';
import { loadPromotion, promote } from '../../features/payments/promote.server.ts';
import { PromotePanel } from '../../features/payments/promote-panel.tsx';
import type { PromoteResult } from '../../features/payments/promotion.ts';
import { signedInPayer } from '../../features/payments/signed-in.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage, toldTimeZone } from '../../lib/cookies.server.ts';
import { formFields } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/paid-items';
import { ListingSummary } from './listing-summary.tsx';

/**
 * /paid-items: the signed-in person's paid ads, the latest first (SPEC.md 2); with ?item_id= one of their
 * listings, its Promote form above them (404 for anyone else's listing). A visitor goes to login and back.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = signedInPayer(request, context);
  const { services } = context.get(appContext);
  const language = await pageLanguage(request);
  const itemId = new URL(request.url).searchParams.get('item_id');
  const [firstPage, promotion] = await Promise.all([
    services.payments.paidAds(viewer, { limit: PAGE_SIZE.items, offset: offsetOf(request) }, language),
    itemId === null ? null : loadPromotion(services, viewer, itemId, language),
  ]);
  return { firstPage, promotion, language };
}

/** Promote: books the paid ad and starts its payment (offline: waits for an operator; card: the card step). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = signedInPayer(request, context);
  const form = await formFields(request);
  const language = await pageLanguage(request);
  return promote(context.get(appContext).services, viewer, form, { zone: toldTimeZone(request), language });
}

export const handle = { i18n: ['items', 'payments', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.promotion ? 'meta.promoteTitle' : 'meta.paidItemsTitle',
    description: 'meta.paidItemsDescription',
  });

export default function PaidItems({ loaderData, actionData }: Route.ComponentProps) {
  const { firstPage, promotion, language } = loaderData;
  // A new visit of the page (not the same one read again) starts with the form.
  const { key: visit } = useLocation();
  return (
    <PaidItemsPage
      firstPage={firstPage}
      language={language}
      promote={
        promotion && (
          <PromotePanel
            key={`${promotion.listing.id}:${visit}`}
            promotion={promotion}
            result={actionData as PromoteResult | undefined}
            listing={<ListingSummary listing={promotion.listing} />}
          />
        )
      }
    />
  );
}

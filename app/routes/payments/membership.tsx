import { useLocation } from 'react-router';
import { appContext } from '#app-context';
import { buyMembership, loadMembership } from '../../features/payments/membership.server.ts';
import type { BuyMembershipResult } from '../../features/payments/membership.ts';
import { MembershipPage } from '../../features/payments/membership-page.tsx';
import { signedInPayer } from '../../features/payments/signed-in.server.ts';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { formFields } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/membership';

/**
 * /membership (SPEC.md 1, 3, 7 "membership add"): the membership on sale, the signed-in person's own and its
 * history, and the form to buy it. A visitor goes to login and back.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = signedInPayer(request, context);
  return loadMembership(context.get(appContext).services, viewer, await pageLanguage(request));
}

/** Buys the membership: offline, it waits for an operator; by card, the card step; PayPal or Paystack, their page. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = signedInPayer(request, context);
  const form = await formFields(request);
  return buyMembership(context.get(appContext).services, viewer, form, await pageLanguage(request));
}

export const handle = { i18n: ['payments', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.membershipTitle', description: 'meta.membershipDescription' });

export default function Membership({ loaderData, actionData }: Route.ComponentProps) {
  // A new visit of the page (not the same one read again) starts with the form.
  const { key: visit } = useLocation();
  return <MembershipPage key={visit} page={loaderData} result={actionData as BuyMembershipResult | undefined} />;
}

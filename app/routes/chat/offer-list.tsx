import { OFFER_LIST_TABS, type OfferListTab } from '../../../contract/offer-basics.ts';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import { OfferList } from '../../features/chat/offer-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { pageMeta } from '../../lib/meta.ts';
import { signedInList } from '../social/lists.server.ts';
import type { Route } from './+types/offer-list';

const tabOf = (url: string): OfferListTab => {
  const asked = new URL(url).searchParams.get('tab');
  return OFFER_LIST_TABS.find((tab) => tab === asked) ?? 'received';
};

/** Offers the signed-in person received or sent (a visitor is sent to login and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, services, window, language } = await signedInList(request, context, 'offer-list');
  const tab = tabOf(request.url);
  const firstPage = await services.chat.offers(viewer, tab, { ...window, limit: PAGE_SIZE.chatHistory }, language);
  return { tab, firstPage };
}

export const handle = { i18n: ['chat'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.offerListTitle', description: 'meta.offerListDescription' });

export default function OfferListPage({ loaderData }: Route.ComponentProps) {
  return <OfferList tab={loaderData.tab} firstPage={loaderData.firstPage} />;
}

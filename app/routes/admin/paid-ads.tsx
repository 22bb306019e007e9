import { appContext } from '#app-context';
import { PAGE_SIZE } from '../../../contract/paging.ts';
import { CONSOLE_PAID_AD_FILTERS, type ConsolePaidAdFilter } from '../../../contract/payment-catalog-basics.ts';
import { MoneyTabs } from '../../features/console/money-tabs.tsx';
import { ConsolePaidAds } from '../../features/payments/console-paid-ads.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/paid-ads';

const filterOf = (request: Request): ConsolePaidAdFilter => {
  const asked = new URL(request.url).searchParams.get('status');
  return CONSOLE_PAID_AD_FILTERS.find((each) => each === asked) ?? 'running';
};

/** The paid ads running now, or all of them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const language = await pageLanguage(request);
  const filter = filterOf(request);
  const page = { limit: PAGE_SIZE.items, offset: 0 };
  const firstPage = await context.get(appContext).services.payments.consolePaidAds(viewer, filter, page, language);
  return { filter, firstPage, language };
}

export const handle = { i18n: ['console', 'payments'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consolePaidAdsTitle', description: 'meta.consoleDescription' });

export default function ConsolePaidAdsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ConsolePaidAds
      filter={loaderData.filter}
      firstPage={loaderData.firstPage}
      language={loaderData.language}
      tabs={<MoneyTabs />}
    />
  );
}

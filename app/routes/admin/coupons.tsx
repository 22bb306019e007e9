import { appContext } from '#app-context';
import { CouponList } from '../../features/console/coupon-list.tsx';
import { MoneyTabs } from '../../features/console/money-tabs.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/coupons';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  return { coupons: await context.get(appContext).services.payments.consoleCoupons(viewer) };
}

export const handle = { i18n: ['console'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleCouponsTitle', description: 'meta.consoleDescription' });

export default function ConsoleCoupons({ loaderData }: Route.ComponentProps) {
  return <CouponList coupons={loaderData.coupons} tabs={<MoneyTabs />} />;
}

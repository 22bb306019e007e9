import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { REPORT_QUEUE_SIZE } from '../../../contract/console-basics.ts';
import type { Viewer } from '../../../contract/session.ts';
import {
  type ReportActionFailure,
  ReportQueueView,
  type ReportsView,
} from '../../features/moderation/report-queue.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie } from '../../lib/cookies.server.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/reports';

const viewOf = (request: Request): ReportsView =>
  new URL(request.url).searchParams.get('by') === 'reporters' ? 'reporters' : 'listings';

/** The page asked for (?page=2): a whole number from 1; anything else is the first page. */
function pageOf(request: Request) {
  const asked = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(asked) && asked >= 1 && asked <= MAX_QUEUE_PAGE ? asked : 1;
}

/** Beyond the open reports the queue weighs at once (1,000), no page can have anything. */
const MAX_QUEUE_PAGE = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const pages = context.get(appContext).services.console;
  const view = viewOf(request);
  const page = pageOf(request);
  const window = { limit: REPORT_QUEUE_SIZE, offset: (page - 1) * REPORT_QUEUE_SIZE };
  if (view === 'reporters') {
    const reporters = await pages.reportsByReporter(viewer, window);
    return { view, page, listings: [], reporters: reporters.items, hasNext: reporters.next_cursor !== null };
  }
  const listings = await pages.reportsByListing(viewer, window);
  return { view, page, listings: listings.items, reporters: [], hasNext: listings.next_cursor !== null };
}

/** Dismiss a listing's reports or a reporter's, uphold them (disable the listing), or ban the seller. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const form = await formFields(request);
  const intent = String(form.intent ?? '');
  const target = String(form.target ?? '').slice(0, 100);
  const work = operationOf(context, viewer, intent, target, String(form.reason ?? '').trim());
  if (!work || !target)
    return data<ReportActionFailure>({ ok: false, errors: {}, formError: 'errors.invalidRequest' }, 400);
  const result = await withRefusals(async () => {
    await work();
    return redirect(`/admin/reports${new URL(request.url).search}`, {
      headers: { 'Set-Cookie': await flashCookie(context, `moderation.queue.done.${intent}`) },
    });
  });
  if (result instanceof Response) return result;
  return data<ReportActionFailure>({ ...result.data, target }, result.init ?? 400);
}

function operationOf(
  context: Route.ActionArgs['context'],
  viewer: Viewer,
  intent: string,
  target: string,
  reason: string,
): (() => Promise<unknown>) | null {
  const { console, moderation } = context.get(appContext).services;
  switch (intent) {
    case 'dismiss-listing':
      return () => console.dismissListingReports(viewer, target);
    case 'dismiss-reporter':
      return () => console.dismissReporter(viewer, target);
    case 'uphold':
      return () => moderation.decide(viewer, target, 'disable', reason || null);
    case 'ban-owner':
      return () => console.decideOnAccount(viewer, target, 'ban');
    default:
      return null;
  }
}

export const handle = { i18n: ['console', 'items', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleReportsTitle', description: 'meta.consoleDescription' });

export default function ConsoleReports({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReportQueueView
      view={loaderData.view}
      page={{ number: loaderData.page, hasNext: loaderData.hasNext }}
      listings={loaderData.listings}
      reporters={loaderData.reporters}
      failure={actionData as ReportActionFailure | undefined}
    />
  );
}

import { data, isRouteErrorResponse, redirect } from 'react-router';
import { appContext } from '#app-context';
import { PAGE_SIZE } from '../../../contract/paging-basics.ts';
import type { Viewer } from '../../../contract/session.ts';
import { NotFound } from '../../components/ui/not-found.tsx';
import { badgesOf, ItemCover, ItemStatusBadge } from '../../features/items/item-card.tsx';
import { NoResult } from '../../features/items/lists/item-grid.tsx';
import { offsetOf } from '../../features/items/lists/my-items.server.ts';
import { type DecisionFailure, statusFilterOf, statusOfFilter } from '../../features/moderation/decision.ts';
import { bulkDecisionFormSchema, decisionFormSchema } from '../../features/moderation/decision-form.server.ts';
import { ModerationQueue } from '../../features/moderation/moderation-queue.tsx';
import type { ItemLook } from '../../features/moderation/queue-row.tsx';
import { LoadFailure } from '../../features/shell/chunk-load.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import { withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/items';

/** The moderation queue (SPEC.md 6): pending items first, or the items of one status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const filter = statusFilterOf(new URL(request.url).searchParams.get('status'));
  const language = await pageLanguage(request);
  const firstPage = await context
    .get(appContext)
    .services.moderation.queue(
      viewer,
      { status: statusOfFilter(filter) },
      { limit: PAGE_SIZE.items, offset: offsetOf(request) },
      language,
    );
  return { firstPage, filter, language };
}

/** A decision (form post, with or without JavaScript); back to the same filter with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const formData = await request.formData();
  if (formData.get('intent') === 'bulk') return bulkDecision(request, context, viewer, formData);
  const form = Object.fromEntries(formData);
  const values = { item_id: String(form.item_id ?? ''), decision: String(form.decision ?? '') };
  const parsed = decisionFormSchema.safeParse(form);
  if (!parsed.success) {
    return data<DecisionFailure>({ ok: false, errors: fieldErrors(parsed.error), values }, { status: 400 });
  }
  const { item_id, decision, reason } = parsed.data;
  const result = await withRefusals(async () => {
    await context.get(appContext).services.moderation.decide(viewer, item_id, decision, reason || null);
    const url = new URL(request.url);
    const status = statusFilterOf(url.searchParams.get('status'));
    return redirect(status === 'all' ? '/admin/items' : `/admin/items?status=${status}`, {
      headers: { 'Set-Cookie': await flashCookie(context, `moderation.done.${decision}`) },
    });
  });
  if (result instanceof Response) return result;
  // A refusal (the item is gone, the decision does not fit its status): its message at the item's row.
  return data<DecisionFailure>({ ...result.data, values }, { status: result.init?.status ?? 400 });
}

/** One decision for the ticked listings (each is decided on its own; deleted ones are skipped). */
async function bulkDecision(
  request: Request,
  context: Route.ActionArgs['context'],
  viewer: Viewer,
  formData: FormData,
) {
  const values = { intent: 'bulk' };
  const parsed = bulkDecisionFormSchema.safeParse({
    item_ids: formData.getAll('item_ids'),
    decision: formData.get('decision'),
    reason: formData.get('reason') ?? '',
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const formError = errors.item_ids ? 'moderation.bulk.noneSelected' : undefined;
    return data<DecisionFailure>({ ok: false, errors, formError, values }, { status: 400 });
  }
  const { item_ids, decision, reason } = parsed.data;
  const result = await withRefusals(async () => {
    await context.get(appContext).services.moderation.decideMany(viewer, item_ids, decision, reason || null);
    return redirect(`/admin/items${new URL(request.url).search}`, {
      headers: { 'Set-Cookie': await flashCookie(context, 'moderation.bulk.done') },
    });
  });
  if (result instanceof Response) return result;
  return data<DecisionFailure>({ ...result.data, values }, { status: result.init?.status ?? 400 });
}

export const handle = { i18n: ['items', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.moderationTitle', description: 'meta.moderationDescription' });

/** The queue's items look as in the item lists. */
const itemLook: ItemLook = {
  cover: (item, image) => <ItemCover item={item} {...image} />,
  badges: (item) => badgesOf(item, true).map((badge) => <ItemStatusBadge key={badge} badge={badge} />),
};

export default function AdminItems({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModerationQueue
      firstPage={loaderData.firstPage}
      filter={loaderData.filter}
      language={loaderData.language}
      failure={actionData as DecisionFailure | undefined}
      itemLook={itemLook}
      empty={<NoResult />}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (typeof document !== 'undefined') console.error(error);
  return <LoadFailure reason="generic" />;
}

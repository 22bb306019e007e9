import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { broadcastInputSchema } from '../../../contract/notifications.ts';
import { ContentOverview } from '../../features/console/content-overview.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { flashCookie, pageLanguage } from '../../lib/cookies.server.ts';
import { type FormResult, fieldErrors } from '../../lib/form-errors.ts';
import { formFields, withRefusals } from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/content';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  const language = await pageLanguage(request);
  const operations = context.get(appContext).services.console;
  const [firstPage, banners, collections] = await Promise.all([
    operations.blogPosts(viewer, { limit: 30, offset: 0 }, language),
    operations.banners(viewer),
    operations.collections(viewer),
  ]);
  return { firstPage, banners, collections, language };
}

/** Sends a broadcast to everyone (the form asks first); back with a notice, or the refused fields. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireAdmin(request, context);
  const form = await formFields(request);
  const values = { title: String(form.title ?? ''), message: String(form.message ?? '') };
  const parsed = broadcastInputSchema.safeParse(values);
  if (!parsed.success) return data<FormResult>({ ok: false, errors: fieldErrors(parsed.error), values }, 400);
  const result = await withRefusals(async () => {
    await context.get(appContext).services.console.broadcast(viewer, parsed.data);
    return redirect('/admin/content', {
      headers: { 'Set-Cookie': await flashCookie(context, 'console.broadcast.sent') },
    });
  });
  if (result instanceof Response) return result;
  return data<FormResult>({ ...result.data, values }, result.init ?? 400);
}

export const handle = { i18n: ['console', 'forms'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleContentTitle', description: 'meta.consoleDescription' });

export default function ConsoleContent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContentOverview
      firstPage={loaderData.firstPage}
      banners={loaderData.banners}
      collections={loaderData.collections}
      language={loaderData.language}
      broadcastFailure={actionData as FormResult | undefined}
    />
  );
}

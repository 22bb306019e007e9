import { appContext } from '#app-context';
import { ContentOverview } from '../../features/console/content-overview.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageLanguage } from '../../lib/cookies.server.ts';
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

export const handle = { i18n: ['console'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleContentTitle', description: 'meta.consoleDescription' });

export default function ConsoleContent({ loaderData }: Route.ComponentProps) {
  return (
    <ContentOverview
      firstPage={loaderData.firstPage}
      banners={loaderData.banners}
      collections={loaderData.collections}
      language={loaderData.language}
    />
  );
}

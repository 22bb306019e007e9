import { appContext } from '#app-context';
import { CategoryList } from '../../features/console/category-list.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/categories';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireAdmin(request, context);
  return { categories: await context.get(appContext).services.console.categories(viewer) };
}

export const handle = { i18n: ['console'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.consoleCategoriesTitle', description: 'meta.consoleDescription' });

export default function ConsoleCategories({ loaderData }: Route.ComponentProps) {
  return <CategoryList categories={loaderData.categories} />;
}

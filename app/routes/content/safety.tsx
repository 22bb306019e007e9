import { contentPageLoader } from '../../features/content/content-page.server.ts';
import { ContentPage, contentPageMeta } from '../../features/content/content-page.tsx';
import type { PageHandle } from '../../i18n/namespaces.ts';
import type { Route } from './+types/safety';

export const loader = (args: Route.LoaderArgs) => contentPageLoader('safety', args);
export const handle = { i18n: ['content'] } satisfies PageHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => contentPageMeta(matches, loaderData);

export default function SafetyPage({ loaderData }: Route.ComponentProps) {
  return <ContentPage {...loaderData} />;
}

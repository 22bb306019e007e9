import { ContentPage, contentPageLoader, contentPageMeta } from '../../features/content/content-page.tsx';
import type { Route } from './+types/safety';

export const loader = (args: Route.LoaderArgs) => contentPageLoader('safety', args);
export const meta: Route.MetaFunction = ({ matches, loaderData }) => contentPageMeta(matches, loaderData);

export default function SafetyPage({ loaderData }: Route.ComponentProps) {
  return <ContentPage {...loaderData} />;
}

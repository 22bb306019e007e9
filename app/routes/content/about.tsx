import { ContentPage, contentPageLoader, contentPageMeta } from '../../features/content/content-page.tsx';
import type { Route } from './+types/about';

export const loader = (args: Route.LoaderArgs) => contentPageLoader('about', args);
export const meta: Route.MetaFunction = ({ matches, loaderData }) => contentPageMeta(matches, loaderData);

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return <ContentPage {...loaderData} />;
}

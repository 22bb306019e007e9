import { data } from 'react-router';
import { NotFound } from '../components/ui/not-found.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/not-found';

/** Any path no other route takes: the not-found page, answered with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'meta.notFoundTitle', description: 'meta.notFoundDescription' });

export default function NotFoundRoute() {
  return <NotFound />;
}

import { useRouteLoaderData } from 'react-router';

/** The signed-in person as the root loader tells every page (null for a visitor). */
export interface PageViewer {
  userId: string;
  userName: string;
  photo: string | null;
  isAdmin: boolean;
}

export function useViewer(): PageViewer | null {
  const root = useRouteLoaderData('root') as { viewer?: PageViewer | null } | undefined;
  return root?.viewer ?? null;
}

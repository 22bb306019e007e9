import { useRouteLoaderData } from 'react-router';

/** The one-time notice the previous step handed over (a locale key, such as 'itemEntry.posted'), or null. */
export function useHandedOverNotice(): string | null {
  const root = useRouteLoaderData('root') as { flash?: string | null } | undefined;
  return root?.flash ?? null;
}

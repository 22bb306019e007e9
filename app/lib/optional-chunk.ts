import type { ComponentType } from 'react';

/**
 * The import of a part the page can do without (a notice box, a menu, a dialog): when its code cannot be
 * fetched (the network went away), the part draws nothing instead of failing the page's render, which would
 * replace the whole page with the error page.
 */
export function orNothing<Props>(load: () => Promise<{ default: ComponentType<Props> }>) {
  const nothing: ComponentType<Props> = () => null;
  return () => load().catch(() => ({ default: nothing }));
}

import { type ComponentType, lazy } from 'react';

/**
 * The import of a part the page can do without (a notice box, a menu, a dialog): when its code cannot be
 * fetched (the network went away), the part draws nothing instead of failing the page's render, which would
 * replace the whole page with the error page.
 */
export function orNothing<Props>(load: () => Promise<{ default: ComponentType<Props> }>) {
  const nothing: ComponentType<Props> = () => null;
  return () => load().catch(() => ({ default: nothing }));
}

/**
 * A part loaded when it is first shown (a dialog's content, a view chosen by a button): the lazy component,
 * drawing nothing when its code cannot be fetched, and `preload` to start the download earlier (when the control
 * that shows it is pointed at or focused), so it usually arrives with the dialog's own code.
 */
export function onDemand<Props>(load: () => Promise<ComponentType<Props>>) {
  return {
    Part: lazy(orNothing<Props>(() => load().then((component) => ({ default: component })))),
    preload: () => void load().catch(() => undefined),
  };
}

import { type ComponentType, lazy } from 'react';

type Module<Props> = { default: ComponentType<Props> };

/** A thenable that React.lazy reads as settled at once (a Promise would make it wait for a microtask). */
function settled<Props>(module: Module<Props>) {
  // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable that settles at once synchronously.
  return { then: (resolve: (loaded: Module<Props>) => void) => resolve(module) } as Promise<Module<Props>>;
}

/** Whether React already owns the page (root.tsx says so on <html> once hydrated). */
const pageHydrated = () => typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true';

/**
 * A part of a page whose code loads while the page hydrates, not before: React.lazy, whose Suspense boundary
 * keeps the server's HTML (plain links and forms that work meanwhile) until the code arrives. The server renders
 * pages with renderToString, which cannot wait: it loads the module once at start-up and hands React an already
 * settled thenable, so every page, the first one too, has the part in place. A page reached later by a
 * navigation in the browser starts the download as its route module runs (beside the page's data), and renders
 * the part at once when it has arrived by then.
 *
 * `load` may resolve to a stand-in instead of failing; a load that fails leaves the part out rather than failing
 * the page's render (code that cannot be fetched, offline).
 */
export function hydrateLater<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: Module<Props> | undefined;
  let loading: Promise<Module<Props>> | undefined;
  const loadModule = () => {
    loading ??= load().then(
      (component): Module<Props> => (loaded = { default: component }),
      (): Module<Props> => (loaded = { default: () => null }),
    );
    return loading;
  };
  if (import.meta.env.SSR || pageHydrated()) void loadModule();
  return lazy<ComponentType<Props>>(() => (loaded ? settled(loaded) : loadModule()));
}

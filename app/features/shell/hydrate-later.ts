import { type ComponentType, lazy } from 'react';

/**
 * A part of the shell whose code loads while the page hydrates, not before: React.lazy, whose Suspense boundary
 * keeps the server's HTML (plain links and forms that work meanwhile) until the code arrives. The server renders
 * pages with renderToString, which cannot wait: it loads the module once at start-up and hands React an already
 * settled thenable, so every page, the first one too, has the part in place.
 */
export function hydrateLater<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  type Module = { default: ComponentType<Props> };
  // Code that cannot be fetched (offline) leaves the part out rather than failing the page's render.
  const loadModule = () =>
    load().then(
      (component): Module => ({ default: component }),
      (): Module => ({ default: () => null }),
    );
  let serverModule: Module | undefined;
  if (import.meta.env.SSR) void loadModule().then((module) => (serverModule = module));
  return lazy<ComponentType<Props>>(() => {
    const loaded = serverModule;
    if (!loaded) return loadModule();
    // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable that settles at once synchronously.
    return { then: (resolve: (module: Module) => void) => resolve(loaded) } as Promise<Module>;
  });
}

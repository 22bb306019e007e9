import path from 'node:path';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * A chunk group's test: the modules at these paths (from the project root, or from a node_modules folder for
 * a package, without the extension). A group also takes the modules they import, unless another group or
 * chunk has them (rolldown's default).
 */
function modulesAt(...paths: string[]) {
  const wanted = new Set(paths);
  const root = import.meta.dirname.split(path.sep).join('/');
  return (id: string) => {
    const file = id.split(path.sep).join('/').replace(/\?.*$/, '');
    const inPackage = file.lastIndexOf('/node_modules/');
    const relative = inPackage >= 0 ? file.slice(inPackage + 1) : path.posix.relative(root, file);
    return wanted.has(relative.replace(/\.[jt]sx?$/, ''));
  };
}

/** What every page runs: React DOM, React Router's hydration and the shell (header, dialogs, icons). */
const SHELL_MODULES = modulesAt(
  'node_modules/react-dom/client',
  'node_modules/react-dom/index',
  'node_modules/react-dom/cjs/react-dom-client.production',
  'node_modules/react-dom/cjs/react-dom.production',
  'node_modules/scheduler/index',
  'node_modules/scheduler/cjs/scheduler.production',
  'node_modules/react-router/dist/production/dom-export',
  'node_modules/react-router/dist/production/lib/dom-export/hydrated-router',
  'node_modules/react-router/dist/production/lib/dom-export/dom-router-provider',
  'node_modules/react-router/dist/production/lib/dom/ssr/hydration',
  'app/root',
  'app/features/shell/header',
  'app/features/shell/chunk-load',
  'app/features/shell/theme',
  'app/features/shell/flash-notice',
  'app/features/shell/privacy-consent',
  'app/features/shell/language-menu',
  'app/features/items/pending-favourite',
  'app/components/ui/icons',
  'app/components/ui/dialogs',
  'app/components/ui/deferred-popup',
  'app/components/ui/progress-bar',
  'app/components/ui/logo',
  'app/components/ui/sentence-with-value',
  'app/components/ui/form-classes',
  'app/lib/redirect',
  'app/lib/bidi',
  'app/lib/nonce',
  'app/lib/meta',
  'app/lib/time-zone',
  'app/lib/viewer',
);

/** The form components, on the pages with a form (their zod rules load once a form shows: lib/form-rules.ts). */
const FORM_MODULES = modulesAt('app/components/ui/form', 'app/lib/form-errors');

/** The cards of items, categories and blog posts, which the dashboard and the lists show. */
const CARD_MODULES = modulesAt(
  'app/features/items/item-card',
  'app/features/items/item-rail',
  'app/features/items/favourite-button',
  'app/features/items/item-photos',
  'app/components/price',
  'app/features/catalog/category-grid',
  'app/features/content/blog-card',
  'contract/item-basics',
);

/**
 * React Router builds the browser's code with `preserveEntrySignatures: 'exports-only'`, which keeps each route's
 * chunk to the route module's own exports: a module that a page shares only with the parts it loads later (the
 * item list's filter panel and map, loaded on demand) then becomes a chunk of its own, one more script for the
 * page at start. 'allow-extension' keeps every route's exports as well, and lets rolldown move such modules into
 * the route's chunk when that is safe (the shell likewise went into the root route's chunk).
 */
function routeChunksTakeTheirModules(): Plugin {
  return {
    name: 'souk:route-chunks-take-their-modules',
    enforce: 'post',
    configEnvironment(name) {
      if (name !== 'client') return;
      return { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension' } } };
    },
  };
}

/** An empty list's panel (and the item grid's class beside it), which most lists load: one script, not three. */
const EMPTY_LIST_MODULES = modulesAt(
  'app/components/ui/empty-state',
  'app/components/ui/status-panel',
  'app/features/items/lists/item-grid',
);

export default defineConfig({
  plugins: [
    routeChunksTakeTheirModules(),
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: './server/dev.ts', externalizeServerEntryImports: ['#app-context'] }),
  ],
  environments: {
    // What the browser imports lazily (a form's zod rules) the server imports statically too (its actions check
    // the same rules), so in the server bundle rolldown's "ineffective dynamic import" warning is only noise.
    ssr: { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The shell is on every page: one chunk compresses better than the many small ones automatic
            // splitting makes of it (React DOM included: a separate chunk of it saved nothing, and cost 1.6 KB
            // of brotli). Popups stay apart. Forms and cards likewise, each in one chunk for the pages using them.
            codeSplitting: {
              groups: [
                { name: 'shell', test: SHELL_MODULES },
                { name: 'form-kit', test: FORM_MODULES },
                { name: 'cards', test: CARD_MODULES },
                { name: 'empty-list', test: EMPTY_LIST_MODULES },
              ],
            },
          },
        },
      },
    },
  },
  server: {
    watch: { ignored: ['**/data/**', '**/build/**', '**/test-results/**', '**/playwright-report/**'] },
  },
});

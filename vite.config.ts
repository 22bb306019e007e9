import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const SHELL_MODULES =
  /[\\/]node_modules[\\/]react-dom[\\/](?:index|cjs[\\/]react-dom\.production)\.js$|[\\/]app[\\/](?:features[\\/]shell[\\/](?:header|footer|chunk-load|theme|flash-notice|privacy-consent|language-menu|nav-items)|components[\\/]ui[\\/](?:icons|dialogs|deferred-popup|not-found|progress-bar|logo)|lib[\\/](?:redirect|nonce|meta|time-zone))\.tsx?$/;

const FORM_MODULES =
  /[\\/](?:app[\\/](?:components[\\/]ui[\\/]form|lib[\\/]form-errors)|contract[\\/](?:fields|sign-in))\.tsx?$/;

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: './server/dev.ts', externalizeServerEntryImports: ['#app-context'] }),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The shell (header, footer, its menus' triggers, icons, dialogs) is on every page: one chunk
            // compresses better than the ten small ones automatic splitting makes of it. Popups stay apart.
            // Forms likewise: the form components, the field rules and zod, together, on the pages with a form.
            codeSplitting: {
              groups: [
                { name: 'shell', test: SHELL_MODULES },
                { name: 'form-kit', test: FORM_MODULES },
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

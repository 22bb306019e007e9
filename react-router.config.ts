import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { enforceJsBudget } from './scripts/js-budget.ts';
import { precompressDirectory } from './scripts/precompress.ts';
import { stampBuiltServiceWorker } from './scripts/service-worker.ts';

export default {
  ssr: true,
  appDirectory: 'app',
  // The service worker learns the build's version and start-up files (scripts/service-worker.ts). Static files
  // are served precompressed (server/app.ts), never compressed per request. Then the pages'
  // JavaScript at start is held to its budget, counted in the bytes a browser is sent (scripts/js-budget.ts).
  async buildEnd({ reactRouterConfig }) {
    const client = path.join(reactRouterConfig.buildDirectory, 'client');
    await stampBuiltServiceWorker(client);
    await precompressDirectory(client);
    await enforceJsBudget(client);
  },
} satisfies Config;

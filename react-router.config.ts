import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { precompressDirectory } from './scripts/precompress.ts';

export default {
  ssr: true,
  appDirectory: 'app',
  // Static files are served precompressed (server/app.ts), never compressed per request.
  async buildEnd({ reactRouterConfig }) {
    await precompressDirectory(path.join(reactRouterConfig.buildDirectory, 'client'));
  },
} satisfies Config;

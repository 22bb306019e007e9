// Builds the web app unless build/ is newer than every source it is made from, so restarts stay quick
// and a second `npm start` does not rewrite the files a running server is serving.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const output = 'build/server/index.js';
const sources = ['app', 'contract', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

if (!existsSync(output) || Math.max(...sources.map(newestChange)) > statSync(output).mtimeMs) {
  execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
}

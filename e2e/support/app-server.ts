/**
 * Starts the app for the journeys on a fresh data folder (DATA_DIR) and removes that folder once the app
 * has stopped, so a run leaves no database behind even on a port chosen for that run alone.
 * Playwright stops it by signalling the whole process group: the app shuts down on its own signal, and
 * this process waits for it before removing the folder.
 */
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the folder the journeys may wipe');
const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });

removeDataDir();
execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
const app = spawn(process.execPath, ['server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
app.on('exit', (code) => {
  removeDataDir();
  process.exit(code ?? 1);
});

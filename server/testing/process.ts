import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `node server/main.ts` on a data folder of its own, as an operator starts it; for process tests. */
export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Resolves with http://127.0.0.1:<port> once the server listens; rejects if it exits first. */
  listening: Promise<string>;
  output(): string;
}

const running: ChildProcess[] = [];

/** The server needs a built web app; `npm test` builds first, so build here only when there is none. */
export function buildWebAppIfNeeded() {
  if (existsSync('build/server/index.js')) return;
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
}

export function startServer(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SEED_ADMIN_EMAIL: '',
      SEED_ADMIN_PASSWORD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const address = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (address) resolve(address);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    exited.then(() => reject(new Error(`exited early:\n${output}`)));
  });
  listening.catch(() => undefined); // a process expected to refuse never listens
  return { child, exited, listening, output: () => output };
}

/** Kills what the tests started and left running (the servers, then a PostgreSQL they left behind). */
export function killLeftovers(dataDir: string) {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  const pid = postmasterPid(dataDir);
  if (pid && isAlive(pid)) process.kill(pid, 'SIGQUIT');
}

export function postmasterPid(dataDir: string) {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10) : undefined;
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

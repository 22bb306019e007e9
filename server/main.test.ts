import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real start-up path (`node server/main.ts`) on its own data folder: first start, a refused second
 * start, a clean stop, and recovery after the app was killed without a chance to stop PostgreSQL.
 */
execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-main-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  const pid = postgresPid();
  if (pid && isAlive(pid)) process.kill(pid, 'SIGQUIT');
  await fs.rm(dataDir, { recursive: true, force: true });
});

function start() {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const address = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
      if (address) {
        clearInterval(timer);
        resolve(address);
      }
    }, 50);
    exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early:\n${output}`));
    });
  });
  listening.catch(() => undefined); // a process expected to refuse never listens
  return { child, exited, listening, output: () => output };
}

function postgresPid() {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10) : undefined;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('node server/main.ts', { timeout: 120_000 }, () => {
  it('starts, refuses a second process on the same data folder, and stops cleanly', async () => {
    const first = start();
    const address = await first.listening;
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    const postgres = postgresPid();
    expect(postgres && isAlive(postgres)).toBe(true);

    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already using the data folder');
    expect((await fetch(`${address}/readyz`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(isAlive(postgres as number)).toBe(false);
    expect(existsSync(path.join(dataDir, 'souk.pid'))).toBe(false);
  });

  it('recovers after being killed while PostgreSQL kept running', async () => {
    const crashed = start();
    await crashed.listening;
    const orphan = postgresPid() as number;
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(isAlive(orphan)).toBe(true);

    const restarted = start();
    const address = await restarted.listening;
    expect(isAlive(orphan)).toBe(false);
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    restarted.child.kill('SIGINT');
    expect(await restarted.exited).toBe(0);
  });
});

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebAppIfNeeded, isAlive, killLeftovers, postmasterPid, startServer } from './testing/process.ts';

/**
 * The embedded PostgreSQL dying under a running app (docs/decisions/0007), and a stale postmaster.pid
 * that names some unrelated process at start-up.
 */
buildWebAppIfNeeded();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-database-failure-'));
const bystanders: Array<ReturnType<typeof spawn>> = [];
afterAll(async () => {
  for (const bystander of bystanders) bystander.kill('SIGKILL');
  killLeftovers(dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('when the embedded PostgreSQL dies', { timeout: 120_000 }, () => {
  it('the app says so and exits non-zero, releasing the data folder', async () => {
    const server = startServer(dataDir);
    const address = await server.listening;
    expect((await fetch(`${address}/readyz`)).status).toBe(200);

    process.kill(postmasterPid(dataDir) as number, 'SIGKILL');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('the embedded PostgreSQL stopped');
    expect(existsSync(path.join(dataDir, 'souk.pid'))).toBe(false);

    // A supervisor's restart gets a working app on the same folder.
    const restarted = startServer(dataDir);
    const again = await restarted.listening;
    expect((await fetch(`${again}/readyz`)).status).toBe(200);
    restarted.child.kill('SIGINT');
    expect(await restarted.exited).toBe(0);
  });
});

describe('a stale postmaster.pid', { timeout: 120_000 }, () => {
  it('naming an unrelated process: that process is left alone and the start goes on', async () => {
    const bystander = spawn('sleep', ['600'], { stdio: 'ignore' });
    bystanders.push(bystander);
    const pid = bystander.pid as number;
    const stale = [pid, path.join(dataDir, 'postgres'), '1700000000', '5432', '', '127.0.0.1', '0 0', 'ready'];
    await fs.writeFile(path.join(dataDir, 'postgres', 'postmaster.pid'), `${stale.join('\n')}\n`);

    const server = startServer(dataDir);
    const address = await server.listening;
    expect(isAlive(pid)).toBe(true);
    expect(bystander.signalCode).toBeNull();
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(isAlive(pid)).toBe(true);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWebAppIfNeeded, killLeftovers, startServer } from './testing/process.ts';

/**
 * SIGTERM while requests are in flight. Node's server.close() waits for connections, not for handlers: a client
 * that gives up closes its connection while its handler still queries the database. Every request that reached
 * the server gets its answer, and the pool closes only after the last handler is done.
 */
buildWebAppIfNeeded();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souk-shutdown-'));
afterAll(async () => {
  killLeftovers(dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Pages and API reads that each run several queries, so some are always between two of them. */
const PATHS = ['/', '/category', '/blog', '/api/v1/categories?lang=en', '/api/v1/blogs', '/readyz'];
const PATIENT = 40;
const IMPATIENT = 40;

describe('stopping the server', { timeout: 120_000 }, () => {
  it('answers every request it received, and closes the pool after the last handler', async () => {
    const server = startServer(dataDir);
    const address = await server.listening;
    const received = () => server.output().split('"incoming request"').length - 1;
    const request = (index: number, signal?: AbortSignal) =>
      fetch(`${address}${PATHS[index % PATHS.length]}`, { signal })
        .then(async (response) => ({ status: response.status, body: await response.text() }))
        .catch((error: unknown) => ({ status: 0, body: String(error) }));

    const patient = Array.from({ length: PATIENT }, (_, index) => request(index));
    const giveUp = new AbortController();
    const impatient = Array.from({ length: IMPATIENT }, (_, index) => request(index, giveUp.signal));
    await waitFor(() => received() === PATIENT + IMPATIENT);
    giveUp.abort();
    await Promise.all(impatient);
    server.child.kill('SIGTERM');

    const exitCode = await server.exited;
    expect(server.output()).not.toContain('Cannot use a pool after calling end on the pool');
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(exitCode).toBe(0);
    for (const result of await Promise.all(patient)) {
      expect(result.status, result.body.slice(0, 300)).toBe(200);
    }
  });
});

async function waitFor(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

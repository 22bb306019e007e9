import { vi } from 'vitest';
import type { JobQueue } from '../kernel/jobs.ts';

/** The job queues of the apps this test file built (server/testing/app.ts registers each). */
const queues: JobQueue[] = [];

export function watchJobQueue(jobs: JobQueue) {
  queues.push(jobs);
}

/** Resolves once no job is queued or running (each one done, or failed for good) in `jobs`. */
export async function allJobsDone(jobs: JobQueue) {
  await vi.waitFor(
    async () => {
      const unfinished = await jobs.unfinished();
      if (unfinished > 0) throw new Error(`${unfinished} jobs are not finished`);
    },
    { timeout: 20_000, interval: 25 },
  );
}

/** Resolves once every app of this test file has sent what its requests queued (mail and SMS are jobs). */
export async function everythingSent() {
  for (const jobs of queues) await allJobsDone(jobs);
}

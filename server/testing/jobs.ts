import { vi } from 'vitest';
import type { JobQueue } from '../kernel/jobs.ts';
import { closeWhenFileEnds } from './cleanup.ts';

/** The job queues of the apps this test file built (server/testing/app.ts registers each). */
const queues = new Set<JobQueue>();

/** Watched until the test file ends: a worker that runs the next file keeps this module (isolate: false). */
export function watchJobQueue(jobs: JobQueue) {
  queues.add(jobs);
  closeWhenFileEnds(async () => queues.delete(jobs));
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

/**
 * What a test file opened (apps, databases), closed when the file ends. Vitest ignores an `afterAll`
 * registered inside `beforeAll`, where the helpers are called, so they register here instead and the
 * setup file (server/testing/setup-file.ts) runs these once every test of the file is done.
 */
const cleanups: Array<() => Promise<unknown>> = [];

export function closeWhenFileEnds(cleanup: () => Promise<unknown>) {
  cleanups.push(cleanup);
}

/** Last opened, first closed: an app closes before the database it uses is dropped. */
export async function closeEverythingOpened() {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) await cleanup();
}

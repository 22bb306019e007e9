import { Socket } from 'node:net';

/** The Redis of tests: REDIS_URL, else the one CI and this machine run on the default port. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers (CI and this machine run one; a laptop may not), to skip cleanly when not. */
export async function redisAnswers(url = TEST_REDIS_URL) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket
      .once('connect', () => resolve(true))
      .once('error', () => resolve(false))
      .once('timeout', () => resolve(false));
    socket.connect(Number(port || 6379), hostname, () => socket.end());
  });
}

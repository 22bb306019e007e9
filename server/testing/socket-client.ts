import { WebSocket } from 'ws';
import { REALTIME_PATH, type ServerFrame } from '../../contract/realtime.ts';

/**
 * Opens /ws of a listening app as a client would, reading frames from the start (the first may come in the same
 * packet as the upgrade's answer); rejects with "Unexpected server response: <status>".
 */
export function openSocket(baseUrl: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`, { headers });
  const client = socketClient(socket);
  return new Promise<SocketClient>((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

export type SocketClient = ReturnType<typeof socketClient>;

/** A test's view of a WebSocket: every frame it received, and a wait for the next one that matches. */
export function socketClient(socket: WebSocket) {
  const frames: ServerFrame[] = [];
  const waiters: Array<{ match: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void }> = [];
  const closeCode = new Promise<number>((resolve) => socket.once('close', resolve));
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (!waiter.match(frame)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  });
  return {
    frames,
    send: (frame: unknown) => socket.send(JSON.stringify(frame)),
    /** The first frame received so far, or from now on, that matches. */
    next<T extends ServerFrame['t']>(type: T, match: (frame: Extract<ServerFrame, { t: T }>) => boolean = () => true) {
      const matches = (frame: ServerFrame): frame is Extract<ServerFrame, { t: T }> =>
        frame.t === type && match(frame as Extract<ServerFrame, { t: T }>);
      const seen = frames.find(matches);
      if (seen) return Promise.resolve(seen);
      return new Promise<Extract<ServerFrame, { t: T }>>((resolve) => {
        waiters.push({ match: matches, resolve: resolve as (frame: ServerFrame) => void });
      });
    },
    close: () => socket.terminate(),
    /** Resolves with the close code the server sent. */
    closed: () => closeCode,
  };
}

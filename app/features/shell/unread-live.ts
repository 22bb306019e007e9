import type { ServerFrame } from '../../../contract/realtime-socket.ts';
import { realtime } from '../../lib/realtime.ts';

type SetCount = (update: number | ((count: number) => number)) => void;

/** Follows the unread total over the tab's realtime connection: `set` gets it now and at every change. */
export function followUnreadTotal(set: SetCount): () => void {
  const live = realtime();
  set(live.unread);
  return live.onFrame((frame: ServerFrame) => {
    if (frame.t === 'ready' || frame.t === 'unread') set(frame.unread_count);
    // A message from the other side counts as unread until its conversation is read.
    if (frame.t === 'message' && live.userId !== undefined && frame.message.sender_id !== live.userId) {
      set((count) => count + 1);
    }
  });
}

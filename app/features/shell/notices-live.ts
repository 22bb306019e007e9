import type { LiveNotice, ServerFrame } from '../../../contract/realtime-socket.ts';
import { realtime } from '../../lib/realtime.ts';

/** Follows the bell over the tab's realtime connection: the unread count now and at every change, and new notices. */
export function followNotices(setCount: (count: number) => void, onNotice: (notice: LiveNotice) => void): () => void {
  const live = realtime();
  setCount(live.notices);
  return live.onFrame((frame: ServerFrame) => {
    if (frame.t === 'ready' || frame.t === 'notices' || frame.t === 'broadcast') setCount(live.notices);
    if ((frame.t === 'notices' || frame.t === 'broadcast') && frame.notice) onNotice(frame.notice);
  });
}

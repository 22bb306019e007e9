import { PUSH_NOTICE_MS } from '../../../contract/notification-basics.ts';
import type { LiveNotice, ServerFrame } from '../../../contract/realtime-socket.ts';
import { realtime } from '../../lib/realtime.ts';

/**
 * Follows the bell over the tab's realtime connection: the unread count now and at every change, and new notices
 * (one that came in the last seconds too: this code loads after the connection, and a notice may come between).
 */
export function followNotices(setCount: (count: number) => void, onNotice: (notice: LiveNotice) => void): () => void {
  const live = realtime();
  setCount(live.notices);
  const latest = live.latestNotice;
  if (latest && Date.now() - latest.at < PUSH_NOTICE_MS) onNotice(latest.notice);
  return live.onFrame((frame: ServerFrame) => {
    if (frame.t === 'ready' || frame.t === 'notices' || frame.t === 'broadcast') setCount(live.notices);
    if ((frame.t === 'notices' || frame.t === 'broadcast') && frame.notice) onNotice(frame.notice);
  });
}

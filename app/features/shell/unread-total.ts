import { useEffect, useState } from 'react';

/**
 * The signed-in person's unread messages, all conversations together, kept live by the realtime connection.
 * Its code (unread-live.ts and app/lib/realtime.ts) is imported when the count is first wanted, not with the
 * shell: a visitor's page never loads it, and a member's page is interactive before it arrives.
 */
export function useUnreadTotal(enabled: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let ended = false;
    import('./unread-live.ts').then(
      ({ followUnreadTotal }) => {
        if (!ended) stop = followUnreadTotal(setCount);
      },
      // Without its code there is no connection, as when offline: the link shows no count.
      () => undefined,
    );
    return () => {
      ended = true;
      stop?.();
    };
  }, [enabled]);
  return count;
}

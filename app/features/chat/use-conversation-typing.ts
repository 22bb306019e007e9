import { useEffect, useRef, useState } from 'react';
import { TYPING_SIGNAL_EVERY_MS } from '../../../contract/realtime-socket.ts';

/** How long "typing…" stays after the other side's last typing signal. */
export const TYPING_SHOWN_MS = 4000;

/**
 * Whether the other side is typing: shown for a while after each of their typing signals, and hidden at once
 * when their message arrives.
 */
export function useTypingIndicator() {
  const [typingUntil, setTypingUntil] = useState(0);

  // Draws again when the time is up, so "typing…" goes away without another signal.
  const [, redraw] = useState(0);
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = setTimeout(() => redraw((value) => value + 1), Math.max(0, typingUntil - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  return {
    otherIsTyping: typingUntil > Date.now(),
    showTyping: () => setTypingUntil(Date.now() + TYPING_SHOWN_MS),
    hideTyping: () => setTypingUntil(0),
  };
}

/** `send` at most once every TYPING_SIGNAL_EVERY_MS, however fast the keys come (the server forwards no more). */
export function useTypingSignal(send: () => void) {
  const lastSent = useRef(Number.NEGATIVE_INFINITY);
  return () => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_SIGNAL_EVERY_MS) return;
    lastSent.current = now;
    send();
  };
}

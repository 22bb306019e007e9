// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_SIGNAL_EVERY_MS } from '../../../contract/realtime.ts';
import { TYPING_SHOWN_MS, useTypingIndicator, useTypingSignal } from './use-conversation-typing.ts';

describe('"typing…" in a conversation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows after a typing signal and goes away by itself when the time is up', () => {
    const { result } = renderHook(() => useTypingIndicator());
    expect(result.current.otherIsTyping).toBe(false);
    act(() => result.current.showTyping());
    expect(result.current.otherIsTyping).toBe(true);
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS - 100));
    expect(result.current.otherIsTyping).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current.otherIsTyping).toBe(false);
  });

  it('goes away at once when hidden (their message arrived)', () => {
    const { result } = renderHook(() => useTypingIndicator());
    act(() => result.current.showTyping());
    act(() => result.current.hideTyping());
    expect(result.current.otherIsTyping).toBe(false);
  });

  it('signals my typing at most once every two seconds, however fast the keys come', () => {
    const send = vi.fn();
    const { result } = renderHook(() => useTypingSignal(send));
    for (let key = 0; key < 10; key++) result.current();
    expect(send).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(TYPING_SIGNAL_EVERY_MS - 1));
    result.current();
    expect(send).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    result.current();
    expect(send).toHaveBeenCalledTimes(2);
  });
});

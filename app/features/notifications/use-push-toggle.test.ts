// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { currentPushState, turnOffPush, turnOnPush } from './push-subscription.ts';
import { usePushToggle } from './use-push-toggle.ts';

vi.mock('./push-subscription.ts', () => ({
  currentPushState: vi.fn(),
  turnOnPush: vi.fn(),
  turnOffPush: vi.fn(),
}));

afterEach(() => {
  vi.resetAllMocks();
});

describe('usePushToggle', () => {
  it('reads the device state once mounted, and asks nothing before a press', async () => {
    vi.mocked(currentPushState).mockResolvedValue('off');
    const { result } = renderHook(() => usePushToggle());
    expect(result.current.state).toBe('unknown');
    await waitFor(() => expect(result.current.state).toBe('off'));
    expect(turnOnPush).not.toHaveBeenCalled();
  });

  it('says blocked after a refusal, and on after a grant; off again after turning off', async () => {
    vi.mocked(currentPushState).mockResolvedValue('off');
    vi.mocked(turnOnPush).mockResolvedValueOnce('blocked').mockResolvedValueOnce('on');
    vi.mocked(turnOffPush).mockResolvedValue('off');
    const { result } = renderHook(() => usePushToggle());
    await waitFor(() => expect(result.current.state).toBe('off'));
    await act(() => result.current.turnOn());
    expect(result.current.state).toBe('blocked');
    await act(() => result.current.turnOn());
    expect(result.current.state).toBe('on');
    await act(() => result.current.turnOff());
    expect(result.current.state).toBe('off');
  });

  it('keeps the state and shows the API’s text when a call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(currentPushState).mockResolvedValue('off');
    vi.mocked(turnOnPush).mockRejectedValue(new ApiError({ code: 429, text: 'Too many requests.' }));
    const { result } = renderHook(() => usePushToggle());
    await waitFor(() => expect(result.current.state).toBe('off'));
    await act(() => result.current.turnOn());
    expect(result.current.state).toBe('off');
    expect(result.current.failure).toEqual({ text: 'Too many requests.' });
    expect(result.current.busy).toBe(false);
  });
});

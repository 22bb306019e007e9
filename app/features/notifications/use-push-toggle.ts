import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { currentPushState, type PushState, turnOffPush, turnOnPush } from './push-subscription.ts';

/** `unknown` until the browser has been asked (never on the server, where there is no browser). */
export type PushToggleState = PushState | 'unknown';

/** What went wrong: the API's translated text, or nothing to say beyond the generic failure. */
export interface PushFailure {
  text: string | null;
}

/** This device's push state and the two actions; permission is asked only inside `turnOn`. */
export function usePushToggle() {
  const [state, setState] = useState<PushToggleState>('unknown');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PushFailure | null>(null);

  useEffect(() => {
    let live = true;
    currentPushState()
      .then((now) => live && setState(now))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(async (action: () => Promise<PushState>) => {
    setBusy(true);
    setFailure(null);
    try {
      setState(await action());
    } catch (error) {
      console.warn('push could not be changed', error);
      setFailure({ text: error instanceof ApiError ? error.text : null });
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    state,
    busy,
    failure,
    turnOn: () => run(turnOnPush),
    turnOff: () => run(turnOffPush),
  };
}

import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { apiPost } from '../../lib/api-client.ts';
import { useViewer } from '../../lib/viewer.ts';

/** The favourite a visitor asked for, applied once they have signed in (sessionStorage: this tab only). */
const PENDING_KEY = 'souk.pendingFavourite';

export const favouritePath = (itemId: string) => `/api/v1/items/${encodeURIComponent(itemId)}/favourite`;

/** How long the tapped heart waits for the sign-in: a login much later is not an answer to it. */
const PENDING_FOR_MS = 30 * 60 * 1000;

/** A visitor tapped the heart: remember it for after login (a hostile link cannot set this). */
export const rememberFavourite = (itemId: string) =>
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ itemId, at: Date.now() }));

/** The item whose heart was tapped before signing in, once (it is forgotten as it is read). */
function takePendingFavourite(): string | null {
  const saved = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  try {
    const { itemId, at } = JSON.parse(saved ?? 'null') ?? {};
    return typeof itemId === 'string' && typeof at === 'number' && Date.now() - at < PENDING_FOR_MS ? itemId : null;
  } catch {
    return null;
  }
}

/**
 * Applies the favourite a visitor asked for before signing in, once they are signed in (in the shell, so it
 * works on whichever page login returned to), then reloads the page's data so the heart shows it.
 */
export function PendingFavourite() {
  const viewer = useViewer();
  const revalidator = useRevalidator();
  const signedIn = viewer !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the person signs in, not on every revalidation
  useEffect(() => {
    if (!signedIn) return;
    const itemId = takePendingFavourite();
    if (!itemId) return;
    apiPost(favouritePath(itemId), { favourite: true })
      .then(() => revalidator.revalidate())
      .catch(() => undefined); // an item that went away meanwhile: nothing to apply
  }, [signedIn]);
  return null;
}

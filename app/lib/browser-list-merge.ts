import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { RECENTLY_VIEWED_KEY } from './recently-viewed-key.ts';

function browserKeepsList() {
  try {
    return Boolean(window.localStorage.getItem(RECENTLY_VIEWED_KEY));
  } catch {
    return false;
  }
}

/** One sending at a time for the page (the header has two bells, for phones and wide screens). */
let sending = false;

/**
 * Once signed in, what this browser kept as a visitor's recently viewed joins the account's list (the latest
 * first), the browser's copy goes, and the page reads its data again. A refusal leaves it for the next time.
 * The sending loads only when the browser holds a list: most pages never need it.
 */
export function useBrowserListMerged(signedIn: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!signedIn || sending || !browserKeepsList()) return;
    sending = true;
    import('./browser-list-send.ts')
      .then(({ sendBrowserList }) => sendBrowserList())
      .then((sent) => (sent ? revalidate() : undefined))
      .catch(() => undefined)
      .finally(() => {
        sending = false;
      });
  }, [signedIn, revalidate]);
}

import { useEffect, useRef, useState } from 'react';
import { clearDraft, type EntryDraft, readDraft, writeDraft } from './draft-store.ts';

interface DraftSetup {
  /** Whether the person changed anything: only then is there something to keep. */
  dirty: boolean;
  /** What is kept: the values and the finished uploads. */
  content: Omit<EntryDraft, 'savedAt'>;
  /** Puts a draft found on this device back into the form. */
  restore(draft: EntryDraft): void;
}

/**
 * The form kept on this device (draft-store.ts): the draft left there is read once in the browser (there is
 * no storage during server rendering), then every change is written, until the item is posted.
 */
export function useEntryDraft(key: string, { dirty, content, restore }: DraftSetup) {
  /** Whether the draft was read (saving starts only then), and whether one came back. */
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const posted = useRef(false);
  const latestRestore = useRef(restore);
  latestRestore.current = restore;

  // Read once per form (key): a draft found then replaces the values the form opened with.
  useEffect(() => {
    const draft = readDraft(key);
    if (draft) {
      latestRestore.current(draft);
      setRestored(true);
    }
    setLoaded(true);
  }, [key]);

  const { values, photos, video, videoIcon } = content;
  useEffect(() => {
    if (!loaded || posted.current || !dirty) return;
    writeDraft(key, { values, photos, video, videoIcon });
  }, [loaded, dirty, key, values, photos, video, videoIcon]);

  return {
    loaded,
    restored,
    /** The item is posted: its draft is gone and nothing is written any more. */
    finish: () => {
      posted.current = true;
      clearDraft(key);
    },
    /** The person threw the draft away. */
    discard: () => {
      clearDraft(key);
      setRestored(false);
    },
  };
}

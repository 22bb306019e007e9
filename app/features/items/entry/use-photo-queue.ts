import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_ITEM_IMAGES } from '../../../../contract/item-basics.ts';
import { type StoredMedia, storedMedia } from './entry-values.ts';
import { preparePhoto } from './image-resize.ts';
import { forgetUpload, UploadFailed, uploadFile } from './upload.ts';

export type UploadStatus = 'preparing' | 'uploading' | 'done' | 'failed';

/** One place of the photo list: a stored photo, or a file on its way (or failed) that will take the place. */
export interface PhotoSlot {
  key: string;
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  /** The stored photo shown here (while a replacement uploads, the one it replaces). */
  media: StoredMedia | null;
  /** A local preview of the chosen file (object URL) until it is stored. */
  localPreview: string | null;
  /** The chosen file, kept for a retry. */
  file: File | null;
  /** The server's words for a refused file; null with status failed: no connection. */
  error: string | null;
}

let nextKey = 0;
const newKey = () => `photo-${Date.now().toString(36)}-${(nextKey++).toString(36)}`;

const slotOf = (media: StoredMedia): PhotoSlot => ({
  key: media.img_id,
  status: 'done',
  progress: 1,
  media,
  localPreview: null,
  file: null,
  error: null,
});

/** A slot for a chosen file, on its way from the start. */
const pendingSlotOf = (file: File): PhotoSlot => ({
  key: newKey(),
  status: 'preparing',
  progress: 0,
  media: null,
  localPreview: URL.createObjectURL(file),
  file,
  error: null,
});

/** The list with one slot moved; the same list for a move that goes nowhere or out of it. */
function moveSlot(list: PhotoSlot[], from: number, to: number) {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/**
 * The photos of the form: each chosen file is shrunk and uploaded at once with its own progress; a failed
 * one keeps its file for a retry without touching the others. `keepIds` are photos of the item being edited:
 * only its own saving removes them, so they are never discarded as drafts here.
 */
export function usePhotoQueue(initial: StoredMedia[], keepIds: ReadonlySet<string>) {
  const [slots, setSlots] = useState<PhotoSlot[]>(() => initial.map(slotOf));
  /** The list as the last render saw it, plus what was added since (several adds before the next render). */
  const current = useRef(slots);
  current.current = slots;
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<PhotoSlot>) => {
    if (!live.current) return;
    setSlots((list) => list.map((slot) => (slot.key === key ? { ...slot, ...change } : slot)));
  }, []);

  const discard = useCallback(
    (media: StoredMedia | null) => {
      if (media && !keepIds.has(media.img_id)) forgetUpload(media.img_id);
    },
    [keepIds],
  );

  const send = useCallback(
    async (key: string, file: File) => {
      patch(key, { status: 'preparing', progress: 0, error: null });
      try {
        const { blob, name } = await preparePhoto(file);
        patch(key, { status: 'uploading' });
        const image = await uploadFile('photos', blob, name, (progress) => patch(key, { progress }));
        if (!live.current) return;
        const before = current.current.find((slot) => slot.key === key);
        if (before?.media && before.media.img_id !== image.img_id) discard(before.media);
        const done = { status: 'done', progress: 1, media: storedMedia(image), file: null, error: null } as const;
        setSlots((list) => list.map((slot) => (slot.key === key ? { ...slot, ...done } : slot)));
      } catch (error) {
        patch(key, { status: 'failed', error: error instanceof UploadFailed ? error.serverText : null });
      }
    },
    [patch, discard],
  );

  /** Adds files up to the limit; returns how many were left out. */
  const add = useCallback(
    (files: File[]) => {
      const room = Math.max(0, MAX_ITEM_IMAGES - current.current.length);
      const added = files.slice(0, room).map(pendingSlotOf);
      current.current = [...current.current, ...added];
      setSlots((list) => [...list, ...added]);
      for (const slot of added) if (slot.file) void send(slot.key, slot.file);
      return files.length - added.length;
    },
    [send],
  );

  const replace = useCallback(
    (key: string, file: File) => {
      const preview = URL.createObjectURL(file);
      setSlots((list) =>
        list.map((slot) => {
          if (slot.key !== key) return slot;
          if (slot.localPreview) URL.revokeObjectURL(slot.localPreview);
          return { ...slot, localPreview: preview, file };
        }),
      );
      void send(key, file);
    },
    [send],
  );

  const retry = useCallback(
    (key: string) => {
      const slot = slots.find((candidate) => candidate.key === key);
      if (slot?.file) void send(key, slot.file);
    },
    [slots, send],
  );

  const remove = useCallback(
    (key: string) => {
      const slot = current.current.find((candidate) => candidate.key === key);
      if (slot?.localPreview) URL.revokeObjectURL(slot.localPreview);
      if (slot?.status === 'done') discard(slot.media);
      current.current = current.current.filter((candidate) => candidate.key !== key);
      setSlots((list) => list.filter((candidate) => candidate.key !== key));
    },
    [discard],
  );

  const move = useCallback((from: number, to: number) => setSlots((list) => moveSlot(list, from, to)), []);

  /** Puts back the photos of a restored draft (or of the item, when a draft is discarded). */
  const reset = useCallback((media: StoredMedia[]) => setSlots(media.map(slotOf)), []);

  return { slots, add, replace, retry, remove, move, reset };
}

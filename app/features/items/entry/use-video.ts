import { useCallback, useRef, useState } from 'react';
import { MAX_VIDEO_SECONDS } from '../../../../contract/media-basics.ts';
import { type StoredMedia, storedMedia } from './entry-values.ts';
import { preparePhoto } from './image-resize.ts';
import { forgetUpload, UploadFailed, type UploadKind, uploadFile } from './upload.ts';
import type { UploadStatus } from './use-photo-queue.ts';
import { probeVideo } from './video-probe.ts';

/** The video or its thumbnail: stored, on its way, or failed (with its file kept for a retry). */
export interface MediaSlot {
  status: UploadStatus | 'idle' | 'checking';
  progress: number;
  media: StoredMedia | null;
  localPreview: string | null;
  file: Blob | null;
  fileName: string;
  error: string | null;
}

const idle = (media: StoredMedia | null): MediaSlot => ({
  status: media ? 'done' : 'idle',
  progress: media ? 1 : 0,
  media,
  localPreview: null,
  file: null,
  fileName: '',
  error: null,
});

/** A video refused in the browser before any upload: its length in whole seconds. */
export interface VideoRefusal {
  seconds: number;
}

/**
 * The item's one video and its thumbnail. A chosen video is checked in the browser first (its length from
 * its metadata: a minute or more is refused before sending a byte), a thumbnail is drawn from a frame at
 * about one second, then both upload with their own progress. A thumbnail can also be chosen as a picture.
 */
export function useVideo(
  initial: { video: StoredMedia | null; videoIcon: StoredMedia | null },
  keepIds: ReadonlySet<string>,
) {
  const [video, setVideo] = useState<MediaSlot>(() => idle(initial.video));
  const [icon, setIcon] = useState<MediaSlot>(() => idle(initial.videoIcon));
  const [refusal, setRefusal] = useState<VideoRefusal | null>(null);
  const latest = useRef({ video, icon });
  latest.current = { video, icon };

  const discard = useCallback(
    (media: StoredMedia | null) => {
      if (media && !keepIds.has(media.img_id)) forgetUpload(media.img_id);
    },
    [keepIds],
  );

  const send = useCallback(
    async (kind: UploadKind, set: typeof setVideo, which: 'video' | 'icon', file: Blob, fileName: string) => {
      set((slot) => ({ ...slot, status: 'uploading', progress: 0, file, fileName, error: null }));
      try {
        const image = await uploadFile(kind, file, fileName, (progress) => set((slot) => ({ ...slot, progress })));
        const previous = latest.current[which].media;
        if (previous && previous.img_id !== image.img_id) discard(previous);
        set((slot) => ({ ...slot, status: 'done', progress: 1, media: storedMedia(image), file: null, error: null }));
      } catch (error) {
        set((slot) => ({
          ...slot,
          status: 'failed',
          error: error instanceof UploadFailed ? error.serverText : null,
        }));
      }
    },
    [discard],
  );

  const sendIcon = useCallback(
    (blob: Blob, name: string) => {
      setIcon((slot) => {
        if (slot.localPreview) URL.revokeObjectURL(slot.localPreview);
        return { ...slot, localPreview: URL.createObjectURL(blob) };
      });
      return send('video-icon', setIcon, 'icon', blob, name);
    },
    [send],
  );

  const chooseVideo = useCallback(
    async (file: File) => {
      setRefusal(null);
      setVideo((slot) => ({ ...slot, status: 'checking', error: null }));
      const probe = await probeVideo(file).catch(() => null);
      if (probe && probe.duration > MAX_VIDEO_SECONDS) {
        setRefusal({ seconds: Math.round(probe.duration) });
        setVideo((slot) => ({ ...slot, status: slot.media ? 'done' : 'idle' }));
        return;
      }
      setVideo((slot) => {
        if (slot.localPreview) URL.revokeObjectURL(slot.localPreview);
        return { ...slot, localPreview: URL.createObjectURL(file) };
      });
      const uploads: Promise<void>[] = [send('video', setVideo, 'video', file, file.name)];
      if (probe?.thumbnail) uploads.push(sendIcon(probe.thumbnail, 'thumbnail.jpg'));
      await Promise.all(uploads);
    },
    [send, sendIcon],
  );

  const chooseIcon = useCallback(
    async (file: File) => {
      const { blob, name } = await preparePhoto(file);
      await sendIcon(blob, name);
    },
    [sendIcon],
  );

  const retryVideo = useCallback(() => {
    const slot = latest.current.video;
    if (slot.file) void send('video', setVideo, 'video', slot.file, slot.fileName);
  }, [send]);

  const retryIcon = useCallback(() => {
    const slot = latest.current.icon;
    if (slot.file) void send('video-icon', setIcon, 'icon', slot.file, slot.fileName);
  }, [send]);

  const removeVideo = useCallback(() => {
    const { video: current, icon: currentIcon } = latest.current;
    discard(current.media);
    discard(currentIcon.media);
    for (const slot of [current, currentIcon]) if (slot.localPreview) URL.revokeObjectURL(slot.localPreview);
    setVideo(idle(null));
    setIcon(idle(null));
    setRefusal(null);
  }, [discard]);

  const reset = useCallback((media: { video: StoredMedia | null; videoIcon: StoredMedia | null }) => {
    setVideo(idle(media.video));
    setIcon(idle(media.videoIcon));
    setRefusal(null);
  }, []);

  return { video, icon, refusal, chooseVideo, chooseIcon, retryVideo, retryIcon, removeVideo, reset };
}
